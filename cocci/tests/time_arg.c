/* time_arg: POS / NEG (a vendor driver passing tv_sec to a 32-bit parameter) */
static int vendor_write_sec(struct device *dev, u32 sec)
{
	return regmap_write(map, REG_SEC, sec);
}

static void vendor_log(int when, const char *what)
{
}

static void vendor_ok(struct device *dev, time64_t sec)
{
}

static int vendor_set(struct device *dev, struct timespec64 *ts)
{
	struct timespec64 now;
	time64_t t = ktime_get_real_seconds();

	ktime_get_real_ts64(&now);
	vendor_log(now.tv_sec, "set");		/* POS: int */
	vendor_write_sec(dev, ts->tv_sec);	/* INFO: u32 */
	vendor_ok(dev, ts->tv_sec);		/* NEG: time64_t */
	vendor_log(ts->tv_nsec, "ns");		/* NEG: nsec */
	vendor_log(t, "t");			/* POS */
	vendor_log(t / 86400, "days");		/* NEG: a day count */
	other_file_fn(ts->tv_sec);		/* NEG: not defined here */
	return vendor_write_sec(dev, ktime_get_real_seconds());	/* INFO */
}

/* two hops: the time goes through a 64-bit integer parameter first */
static void vendor_hw_set(struct device *dev, u64 secs)
{
	vendor_write_sec(dev, secs);		/* (INFO at the outer call) */
}

static void vendor_hw_stamp(s64 secs, int flags)
{
	vendor_log(secs, "stamp");		/* (POS at the outer call) */
}

static void vendor_hw_days(u64 secs)
{
	vendor_log(secs / 86400, "days");	/* NEG: not passed on unchanged */
}

static void vendor_hw_keep(struct device *dev, u64 secs)
{
	vendor_ok(dev, secs);			/* NEG: 64-bit all the way */
}

static void vendor_hw_t64(struct device *dev, time64_t secs)
{
	vendor_write_sec(dev, secs);		/* INFO: one hop, reported here */
}

static void vendor_settime(struct device *dev, struct timespec64 *ts)
{
	vendor_hw_set(dev, ts->tv_sec);		/* INFO: two hops into u32 sec */
	vendor_hw_stamp(ktime_get_real_seconds(), 0);	/* POS: two hops into int when */
	vendor_hw_stamp(ts->tv_sec / 3600, 0);	/* NEG: hours */
	vendor_hw_days(ts->tv_sec);		/* NEG: the callee divides it */
	vendor_hw_keep(dev, ts->tv_sec);	/* NEG */
	vendor_hw_t64(dev, ts->tv_sec);		/* NEG here: time64_t, reported inside */
}
