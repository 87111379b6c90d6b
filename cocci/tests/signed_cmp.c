/* signed_cmp: positives marked POS, negatives NEG */
int pos_scalar(old_time32_t t, old_time32_t u)
{
	if (t < 0)			/* POS */
		return 1;
	return u >= t;			/* POS (one finding per comparison) */
}

int pos_struct(struct old_timespec32 *ts, struct old_timeval32 tv)
{
	if (ts->tv_sec < 0)		/* POS */
		return -EINVAL;
	if (tv.tv_sec > 100)		/* POS */
		return 1;
	return 0;
}

long pos_native(struct __kernel_old_timeval __user *utv)
{
	struct __kernel_old_timespec kts;
	return kts.tv_sec <= 0;		/* POS */
}

int neg(struct old_timespec32 *ts, time64_t t64, u32 v)
{
	if (ts->tv_nsec < 0)		/* NEG: nsec */
		return 1;
	if (ts->tv_sec == 0)		/* NEG: equality */
		return 2;
	if (t64 < 0)			/* NEG: 64-bit */
		return 3;
	return v < 5;			/* NEG: not a time type */
}

time64_t old_time32_to_time64_abs(old_time32_t t)
{
	return t < 0 ? 0 : t;		/* NEG: inside the y2106 helper */
}
