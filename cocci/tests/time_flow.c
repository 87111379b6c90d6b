/* time_flow: POS / NEG (return values and designated initialisers, a vendor driver) */
struct vendor_msg {
	u32 stamp;		/* INFO when fed a 64-bit time */
	int when;		/* POS when fed a 64-bit time */
	int days;
	time64_t ok;
};

static int vendor_now(void)
{
	return ktime_get_real_seconds();	/* POS: int return */
}

static u32 vendor_now_u32(struct timespec64 *ts)
{
	return ts->tv_sec;			/* INFO: u32 return */
}

static time64_t vendor_now64(void)
{
	return ktime_get_real_seconds();	/* NEG: 64-bit */
}

static int vendor_days(time64_t t)
{
	return t / 86400;			/* NEG: a day count */
}

static long vendor_nsec(struct timespec64 *ts)
{
	return ts->tv_nsec;			/* NEG: nanoseconds */
}

static old_time32_t vendor_legacy(struct old_timespec32 *ots)
{
	return ots->tv_sec;
}

static time64_t vendor_widen(struct old_timespec32 *ots)
{
	return vendor_legacy(ots);		/* POS: sign-extended */
}

static void vendor_send(struct timespec64 *ts, struct old_timespec32 *ots)
{
	struct timespec64 now;
	time64_t t = vendor_now64();		/* NEG: stays 64-bit */
	int s = vendor_now64();			/* POS: truncated by the caller */
	u32 u;
	time64_t w;
	int n = vendor_days(t);			/* NEG: not a 64-bit-time function */

	u = vendor_now64();			/* INFO */
	w = vendor_legacy(ots);			/* POS: sign-extended */
	ktime_get_real_ts64(&now);
	{
		struct vendor_msg m = {
			.stamp = now.tv_sec,		/* INFO */
			.when = t,			/* POS */
			.days = t / 86400,		/* NEG: a day count */
			.ok = t,			/* NEG: 64-bit field */
		};
		struct old_timespec32 o = { .tv_sec = ts->tv_sec, .tv_nsec = 0 };	/* POS */
		struct old_timespec32 o2 = { .tv_sec = t / 3600 };	/* NEG: hours */
		struct vendor_msg m2 = { .when = ts->tv_nsec };	/* NEG: nanoseconds */

		vendor_xmit(&m, &o, &o2, &m2, s + n + u + w);
		vendor_xmit2((struct vendor_msg){ .when = ktime_get_real_seconds() });	/* POS */
	}
}

/* plain field assignments: the receiver's struct is declared in a header (spatch
 * does not know its type), the field's in this file */
struct vendor_stamp {
	int when;		/* POS when fed a 64-bit time */
	u32 stamp;		/* INFO when fed a 64-bit time */
	int days;
	unsigned long nsec;
};

struct vendor_log {
	time64_t ok;		/* 64-bit here, ... */
};

struct vendor_ambig {
	int ok;			/* ... 32-bit here: .ok is ambiguous, not reported */
};

static void vendor_record(struct vendor_priv *priv, struct timespec64 *ts)
{
	time64_t t = ktime_get_real_seconds();

	priv->hw.when = ts->tv_sec;		/* POS: signed 32-bit field */
	priv->hw.stamp = ktime_get_real_seconds();	/* INFO: u32 field */
	priv->last->when = t;			/* POS */
	priv->hw.days = t / 86400;		/* NEG: a day count */
	priv->hw.nsec = ts->tv_nsec;		/* NEG: nanoseconds */
	priv->ok = t;				/* NEG: .ok is also 64-bit in the file */
	priv->unknown = t;			/* NEG: no struct of the file declares it */
	priv->stamp64 = vendor_now64();		/* NEG: not a 64-bit time of the rule's kinds */
}

static void vendor_record_typed(struct vendor_stamp *vs, struct timespec64 *ts)
{
	struct vendor_stamp arr[2];

	vs->when = ts->tv_sec;			/* NEG here: truncate reports it (typed) */
	arr[1].when = ts->tv_sec;		/* NEG here: typed through the array, truncate's */
	vendor_keep(arr);
}

/* the file's 32-bit twin of a header's struct shares its field names */
struct compat_vendor_ds {
	old_time32_t vd_stime;
};

static void vendor_stat(struct vendor_ds64 *p)
{
	p->vd_stime = ktime_get_real_seconds();	/* NEG: p is the header's struct, not the twin */
}
