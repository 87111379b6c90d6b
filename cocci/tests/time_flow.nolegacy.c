/* A file without a legacy 32-bit struct: dinit_text skips dinit here, and the findings
 * of the rules before and after it stay (a failed script rule drops the matches made
 * before it). */
static time64_t vendor_expires;

static unsigned int vendor_timeleft(void)
{
	return vendor_expires - ktime_get_seconds();	/* INFO: returned as u32 */
}

struct vendor_hw {
	int when;
};

static void vendor_arm(struct vendor_dev *dev)
{
	dev->hw.when = vendor_expires;	/* POS: a signed 32-bit field of this file */
}
