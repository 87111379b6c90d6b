/* a vendor RTC storing a two-digit BCD year, with a range it cannot hold */
static int trtc_set_time(struct device *dev, struct rtc_time *tm)
{
	u8 regs[7];

	if (tm->tm_year < 70 || tm->tm_year > 199)	/* NEG: a check, not a window */
		return -EINVAL;

	regs[6] = bin2bcd(tm->tm_year % 100);	/* two digits, no century */
	return regmap_bulk_write(map, REG_SEC, regs, 7);
}

static int trtc_read_time(struct device *dev, struct rtc_time *tm)
{
	tm->tm_year = bcd2bin(regs[6]);
	if (tm->tm_year < 70)			/* POS: a 1970 window, range to 2099 */
		tm->tm_year += 100;
	return 0;
}

static int trtc_probe(struct platform_device *pdev)
{
	struct trtc *t;

	t->rtc = devm_rtc_allocate_device(&pdev->dev);
	t->rtc->range_min = RTC_TIMESTAMP_BEGIN_2000;
	t->rtc->range_max = RTC_TIMESTAMP_END_9999;	/* POS: beyond two digits */
	return devm_rtc_register_device(t->rtc);	/* NEG: has a range */
}
