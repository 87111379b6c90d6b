/* NEG: a two-digit year with a century bit, a window with a range that ends in 2069 */
static int crtc_set_time(struct device *dev, struct rtc_time *tm)
{
	regs[6] = bin2bcd(tm->tm_year % 100);
	if (tm->tm_year >= 200)
		regs[5] |= CRTC_CENTURY;	/* the century bit: 2000..2199 */
	return 0;
}

static int crtc_read_time(struct device *dev, struct rtc_time *tm)
{
	tm->tm_year = bcd2bin(regs[6]);
	if (tm->tm_year < 70)			/* NEG: range_max below 2070 */
		tm->tm_year += 100;
	return 0;
}

static int crtc_probe(struct platform_device *pdev)
{
	struct crtc *c;

	c->rtc = devm_rtc_allocate_device(&pdev->dev);
	c->rtc->range_min = RTC_TIMESTAMP_BEGIN_2000;
	c->rtc->range_max = RTC_TIMESTAMP_END_2199;	/* NEG: the century bit holds it */
	c->rtc->range_max = RTC_TIMESTAMP_END_2063;	/* NEG */
	return devm_rtc_register_device(c->rtc);
}
