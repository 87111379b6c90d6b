/* rtc_range: POS, a two-digit year, no range, set_time refuses only years before 2000 */
static int vendor_low_set_time(struct device *dev, struct rtc_time *tm)
{
	u8 buf[7];

	if (tm->tm_year < 100)
		return -EINVAL;
	buf[6] = bin2bcd(tm->tm_year - 100);	/* 2100 is written as 2000 */
	return vendor_write(dev, buf);
}

static int vendor_low_probe(struct platform_device *pdev)
{
	struct rtc_device *rtc = devm_rtc_allocate_device(&pdev->dev);

	rtc->ops = &vendor_low_ops;
	return devm_rtc_register_device(rtc);	/* POS */
}
