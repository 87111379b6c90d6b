/* the old one-call registration: no way to set a range before it */
static int ortc_probe(struct platform_device *pdev)
{
	struct rtc_device *rtc;

	rtc = devm_rtc_device_register(&pdev->dev, "ortc", &ortc_ops, THIS_MODULE);	/* POS */
	if (IS_ERR(rtc))
		return PTR_ERR(rtc);
	return rtc_register_device(rtc2);	/* POS */
}
