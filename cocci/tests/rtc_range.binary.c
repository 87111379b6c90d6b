/* NEG: a 7-bit binary year (tm_year - 100, not BCD) holds 2000..2127 */
static int brtc_probe(struct brtc *b, struct rtc_time *tm)
{
	b->reg = (tm->tm_year - 100) & 0x7f;
	b->rtc->range_max = RTC_TIMESTAMP_END_2127;
	return 0;
}
