/* an RTC that declares its range */
static int vrtc_probe(struct platform_device *pdev)
{
	struct vrtc *v;

	v->rtc = devm_rtc_allocate_device(&pdev->dev);
	v->rtc->ops = &vrtc_ops;
	v->rtc->range_min = RTC_TIMESTAMP_BEGIN_2000;
	v->rtc->range_max = RTC_TIMESTAMP_END_2099;
	return devm_rtc_register_device(v->rtc);	/* NEG */
}
