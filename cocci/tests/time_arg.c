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
