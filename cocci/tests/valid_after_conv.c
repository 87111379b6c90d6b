/* valid_after_conv: POS / NEG */
int pos_get(struct old_timespec32 __user *uts)
{
	struct timespec64 t;

	if (get_old_timespec32(&t, uts))
		return -EFAULT;
	if (!timespec64_valid(&t))		/* POS */
		return -EINVAL;
	return 0;
}

int pos_settod(struct old_timeval32 __user *tv)
{
	struct timespec64 new_ts;

	if (get_user(new_ts.tv_sec, &tv->tv_sec) ||
	    get_user(new_ts.tv_nsec, &tv->tv_usec))
		return -EFAULT;
	return do_sys_settimeofday64(&new_ts, NULL);	/* POS */
}

int pos_neg_check(struct old_timespec32 ots)
{
	struct timespec64 t;

	t.tv_sec = ots.tv_sec;
	if (t.tv_sec < 0)			/* POS */
		return -EINVAL;
	return 0;
}

int pos_clock(const struct k_clock *kc, struct old_timespec32 __user *tp)
{
	struct timespec64 new_tp;

	if (get_old_timespec32(&new_tp, tp))
		return -EFAULT;
	return kc->clock_set(0, &new_tp);	/* POS */
}

int pos_its(struct old_itimerspec32 __user *u)
{
	struct itimerspec64 its;

	if (get_old_itimerspec32(&its, u))
		return -EFAULT;
	if (!itimerspec64_valid(&its))		/* POS */
		return -EINVAL;
	return 0;
}

int neg(struct old_timespec32 __user *uts, struct __kernel_timespec __user *u64)
{
	struct timespec64 t, a;

	if (get_old_timespec32_abs(&t, uts))	/* the y2106 helper */
		return -EFAULT;
	if (!timespec64_valid(&t))		/* NEG */
		return -EINVAL;
	if (get_timespec64(&a, u64))
		return -EFAULT;
	if (!timespec64_valid(&a))		/* NEG: 64-bit source */
		return -EINVAL;
	if (get_old_timespec32(&a, uts))
		return -EFAULT;
	a = timespec64_add(a, t);
	if (!timespec64_valid(&a))		/* NEG: reassigned */
		return -EINVAL;
	return 0;
}

int pos_ptr(struct timespec64 *ts, const struct old_timespec32 __user *p)
{
	if (get_old_timespec32(ts, p))
		return -EFAULT;
	if (!timespec64_valid(ts))		/* POS */
		return -EINVAL;
	return 0;
}

int pos_cond(struct old_timeval32 __user *tv, struct timezone __user *tz)
{
	struct timespec64 new_ts;

	if (tv && get_user(new_ts.tv_sec, &tv->tv_sec))
		return -EFAULT;
	return do_sys_settimeofday64(tv ? &new_ts : NULL, NULL);	/* POS */
}

int pos_timerfd(int ufd, int flags, const struct old_itimerspec32 __user *utmr)
{
	struct itimerspec64 t;

	if (get_old_itimerspec32(&t, utmr))
		return -EFAULT;
	return do_timerfd_settime(ufd, flags, &t, NULL);	/* POS */
}

int neg_converted(clockid_t which, const struct k_clock *kc, struct old_timespec32 __user *tp)
{
	struct timespec64 ts;
	int err;

	if (time32_clock_is_calendar(which))
		err = get_old_timespec32_abs(&ts, tp);
	else
		err = get_old_timespec32(&ts, tp);	/* NEG: deliberate signed branch */
	if (err)
		return -EFAULT;
	return kc->clock_set(which, &ts);
}

int neg_legacy_flag(int ufd, int flags, const struct old_itimerspec32 __user *utmr)
{
	struct itimerspec64 new, old;

	if (get_old_itimerspec32(&new, utmr))
		return -EFAULT;
	return do_timerfd_settime(ufd, flags, &new, &old, true);	/* NEG: decoded after the lookup */
}

COMPAT_SYSCALL_DEFINE2(settimeofday, struct old_timeval32 __user *, tv,
		       struct timezone __user *, tz)
{
	struct timespec64 new_ts;

	if (get_user(new_ts.tv_sec, &tv->tv_sec))
		return -EFAULT;
	new_ts.tv_sec = time32_abs_to_time64(new_ts.tv_sec);
	return do_sys_settimeofday64(&new_ts, NULL);	/* NEG: converted (macro-defined function) */
}
