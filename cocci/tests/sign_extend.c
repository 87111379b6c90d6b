/* sign_extend: POS / NEG */
time64_t pos_assign(old_time32_t t, struct old_timespec32 *uts, struct old_timeval32 tv)
{
	time64_t a;
	s64 b;
	ktime_t k;
	struct timespec64 ts64, *p64 = &ts64;

	a = t;				/* POS */
	b = uts->tv_sec;		/* POS */
	ts64.tv_sec = tv.tv_sec;	/* POS */
	p64->tv_sec = t;		/* POS */
	k = ktime_set(uts->tv_sec, 0);	/* POS */
	return (time64_t)t + a + b + k;	/* POS (cast) */
}

int pos_get_user(struct old_timeval32 __user *tv)
{
	struct timespec64 new_ts;

	if (get_user(new_ts.tv_sec, &tv->tv_sec))	/* POS */
		return -EFAULT;
	return 0;
}

time64_t pos_decl(struct __kernel_old_timespec *kts, old_time32_t t)
{
	time64_t a = kts->tv_sec;	/* POS */
	struct timespec64 b = { .tv_sec = t, .tv_nsec = 0 };	/* POS */

	return a + b.tv_sec;
}

s64 pos_return(struct old_timespec32 *ts)
{
	return ts->tv_sec;		/* POS */
}

int pos_reader(struct timespec64 *ts, struct old_timespec32 __user *u)
{
	return get_old_timespec32(ts, u);	/* POS (INFO) */
}

time64_t neg(old_time32_t t, struct old_timespec32 *ts, time64_t x)
{
	time64_t a, b;
	int i;

	a = (u32)t;			/* NEG: explicit zero extension */
	b = old_time32_to_time64_abs(ts->tv_sec);	/* NEG: the helper */
	i = t;				/* NEG: not widened */
	a = x;				/* NEG: already 64-bit */
	return a + b + i + ts->tv_nsec;
}

time64_t old_time32_to_time64_abs(old_time32_t t)
{
	return (time64_t)t;		/* NEG: inside the helper (report mode) */
}

int pos_stime(old_time32_t __user *tptr)
{
	time64_t new;

	if (get_user(new, tptr))	/* POS */
		return -EFAULT;
	return 0;
}

int neg_converted(struct old_timeval32 __user *tv)
{
	struct timespec64 new_ts;

	if (get_user(new_ts.tv_sec, &tv->tv_sec))	/* NEG: decoded below */
		return -EFAULT;
	new_ts.tv_sec = time32_abs_to_time64(new_ts.tv_sec);
	return do_sys_settimeofday64(&new_ts, NULL);
}
