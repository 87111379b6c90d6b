/* NEG: a 32-bit wire timestamp outside a filesystem (truncate's territory) */
static void proto_stamp(struct proto_hdr *h)
{
	h->stamp = cpu_to_be32(ktime_get_real_seconds());	/* NEG */
}
