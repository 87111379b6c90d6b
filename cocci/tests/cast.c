/* cast: POS / NEG */
long pos(struct timespec64 *ts, time64_t t)
{
	int a = (int)ktime_get_real_seconds();	/* POS */
	long b = (long)t;			/* POS */
	s32 c = (s32)ts->tv_sec;		/* POS */
	old_time32_t d = (old_time32_t)t;	/* POS */

	return a + b + c + d;
}

u32 neg(struct timespec64 ts, time64_t t, s64 n)
{
	u32 a = (u32)ktime_get_real_seconds();	/* NEG: u32 is the y2106 choice */
	int b = (int)ts.tv_nsec;		/* NEG: nsec */
	int c = (int)n;				/* NEG: not a time type */
	s64 d = (s64)t;				/* NEG: widening */

	return a + b + c + d;
}

/* day/hour arithmetic: a count or a time of day, not a time (issue 19) */
int days(time64_t t, time64_t step)
{
	int a = (int)(t / 86400);		/* NEG */
	int b = (int)(t % SECS_PER_DAY);	/* NEG */
	int c = (int)(t / (24 * 3600));		/* NEG */
	int d = (int)(t / step);		/* POS: not a constant divisor */

	return a + b + c + d;
}
