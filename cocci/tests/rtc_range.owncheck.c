/* rtc_range: NEG, a two-digit year, no range, but set_time refuses 2100 and later */
static int vendor_own_set_time(struct device *dev, struct rtc_time *tm)
{
	u8 buf[7];

	if (tm->tm_year < 100 || tm->tm_year > 199) {
		dev_err(dev, "year must be 2000..2099\n");
		return -EINVAL;
	}
	buf[6] = bin2bcd(tm->tm_year - 100);
	return vendor_write(dev, buf);
}

static int vendor_own_probe(struct platform_device *pdev)
{
	struct rtc_device *rtc = devm_rtc_allocate_device(&pdev->dev);

	rtc->ops = &vendor_own_ops;
	return devm_rtc_register_device(rtc);	/* NEG: the driver checks the upper end */
}
