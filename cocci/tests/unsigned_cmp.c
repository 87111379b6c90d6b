/* unsigned_cmp: POS / NEG */
int pos(u32 sec, u64 mtime, unsigned long start_time, u32 max)
{
	if (sec < 0)				/* POS */
		return -EINVAL;
	if (mtime >= 0 && mtime < max)		/* POS */
		return 1;
	if (start_time < 0 || start_time > max)	/* POS */
		return 2;
	return 0;
}

int neg(s32 sec, u32 len, time64_t t, u32 secs)
{
	if (sec < 0)				/* NEG: signed */
		return 1;
	if (len < 0)				/* NEG: not a time name */
		return 2;
	if (t < 0)				/* NEG: time64_t is signed */
		return 3;
	return secs <= 0;			/* NEG: == 0, not dead */
}

int neg_sector(u32 sector_nr, u32 max)
{
	return sector_nr >= 0 && sector_nr < max;	/* NEG: "sec" inside a word */
}
