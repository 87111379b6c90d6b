/* time_flow: POS / NEG (return values and designated initialisers, a vendor driver) */
struct vendor_msg {
	u32 stamp;		/* INFO when fed a 64-bit time */
	int when;		/* POS when fed a 64-bit time */
	int days;
	time64_t ok;
};

static int vendor_now(void)
{
	return ktime_get_real_seconds();	/* POS: int return */
}

static u32 vendor_now_u32(struct timespec64 *ts)
{
	return ts->tv_sec;			/* INFO: u32 return */
}

static time64_t vendor_now64(void)
{
	return ktime_get_real_seconds();	/* NEG: 64-bit */
}

static int vendor_days(time64_t t)
{
	return t / 86400;			/* NEG: a day count */
}

static long vendor_nsec(struct timespec64 *ts)
{
	return ts->tv_nsec;			/* NEG: nanoseconds */
}

static old_time32_t vendor_legacy(struct old_timespec32 *ots)
{
	return ots->tv_sec;
}

static time64_t vendor_widen(struct old_timespec32 *ots)
{
	return vendor_legacy(ots);		/* POS: sign-extended */
}

static void vendor_send(struct timespec64 *ts, struct old_timespec32 *ots)
{
	struct timespec64 now;
	time64_t t = vendor_now64();		/* NEG: stays 64-bit */
	int s = vendor_now64();			/* POS: truncated by the caller */
	u32 u;
	time64_t w;
	int n = vendor_days(t);			/* NEG: not a 64-bit-time function */

	u = vendor_now64();			/* INFO */
	w = vendor_legacy(ots);			/* POS: sign-extended */
	ktime_get_real_ts64(&now);
	{
		struct vendor_msg m = {
			.stamp = now.tv_sec,		/* INFO */
			.when = t,			/* POS */
			.days = t / 86400,		/* NEG: a day count */
			.ok = t,			/* NEG: 64-bit field */
		};
		struct old_timespec32 o = { .tv_sec = ts->tv_sec, .tv_nsec = 0 };	/* POS */
		struct old_timespec32 o2 = { .tv_sec = t / 3600 };	/* NEG: hours */
		struct vendor_msg m2 = { .when = ts->tv_nsec };	/* NEG: nanoseconds */

		vendor_xmit(&m, &o, &o2, &m2, s + n + u + w);
		vendor_xmit2((struct vendor_msg){ .when = ktime_get_real_seconds() });	/* POS */
	}
}
