/* truncate: POS / NEG */
int pos(struct old_timespec32 *ots, struct timespec64 *ts)
{
	int a;
	long b;
	s32 c;
	time64_t now;
	struct old_timeval32 otv;

	a = ktime_get_real_seconds();		/* POS */
	now = ktime_get_real_seconds();		/* NEG: 64-bit */
	b = now;				/* POS */
	c = ts->tv_sec;				/* POS */
	ots->tv_sec = ts->tv_sec;		/* POS */
	otv.tv_sec = now;			/* POS */
	return a + b + c;
}

int pos_decl(void)
{
	int a = ktime_get_seconds();		/* POS */
	return a;
}

u32 info(struct timespec64 ts)
{
	u32 a;
	unsigned int b = ts.tv_sec;		/* INFO */

	a = ktime_get_real_seconds();		/* INFO */
	return a + b;
}

time64_t neg(struct timespec64 *ts)
{
	time64_t a = ktime_get_real_seconds();	/* NEG */
	s64 b = ts->tv_sec;			/* NEG */
	long c = ts->tv_nsec;			/* NEG: nsec */
	int d = (u32)ktime_get_real_seconds();	/* NEG here (cast rule territory) */

	return a + b + c + d;
}

/* day/hour arithmetic: a count or a time of day, not a time (issue 19) */
int days(time64_t t, struct old_timespec32 *ots, time64_t interval)
{
	int d = t / 86400;			/* NEG */
	int h;
	long s;
	u32 u = t / 3600;			/* NEG */
	long n;

	h = t / (24 * 3600);			/* NEG */
	s = t % SECS_PER_DAY;			/* NEG */
	ots->tv_sec = t / 60;			/* NEG */
	n = t / interval;			/* POS: not a constant divisor */
	return d + h + s + u + n;
}
