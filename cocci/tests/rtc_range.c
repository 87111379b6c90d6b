/* a vendor RTC without a range */
static int vrtc_probe(struct platform_device *pdev)
{
	struct vrtc *v;

	v->rtc = devm_rtc_allocate_device(&pdev->dev);
	v->rtc->ops = &vrtc_ops;
	return devm_rtc_register_device(v->rtc);	/* POS */
}
