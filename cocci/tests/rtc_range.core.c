/* the RTC core's own wrapper: not a driver */
struct rtc_device *devm_rtc_device_register(struct device *dev, const char *name,
					    const struct rtc_class_ops *ops, struct module *owner)
{
	struct rtc_device *rtc;

	rtc = devm_rtc_allocate_device(dev);
	rtc->ops = ops;
	return __devm_rtc_register_device(owner, rtc) ? NULL : rtc;	/* NEG */
}
