/* SPDX-License-Identifier: GPL-2.0 */
/*
 * y2106 socket test helpers (tests/time32/sockts.c, rds.c): bring up loopback, receive
 * with the raw recvmsg under a poll() bound, find a SOL_SOCKET control message,
 * judge a legacy timestamp.
 * Include after y2106.h.
 */
#ifndef Y2106_NET_H
#define Y2106_NET_H

#include <poll.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

/* The guest's lo starts down: the tests send over 127.0.0.1. */
static void y_lo_up(void)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0)
		ksft_exit_fail_msg("socket: %s\n", strerror(errno));
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr))
		ksft_exit_fail_msg("SIOCGIFFLAGS lo: %s\n", strerror(errno));
	ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
	if (ioctl(fd, SIOCSIFFLAGS, &ifr))
		ksft_exit_fail_msg("SIOCSIFFLAGS lo up: %s\n", strerror(errno));
	close(fd);
}

/* The payload of the SOL_SOCKET cmsg of this type and size, or NULL. */
static void *y_find_cmsg(struct msghdr *m, int type, size_t size)
{
	struct cmsghdr *c;

	for (c = CMSG_FIRSTHDR(m); c; c = CMSG_NXTHDR(m, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == type &&
		    c->cmsg_len == CMSG_LEN(size))
			return CMSG_DATA(c);
	return NULL;
}

/*
 * Wait (at most 3 s) for a packet on fd and receive its first 8 bytes with the raw
 * recvmsg, control messages into cbuf. Returns recvmsg's result.
 */
static long y_recv8(int fd, struct msghdr *m, char *cbuf, size_t clen)
{
	static char in[8];
	static struct iovec iov = { .iov_base = in, .iov_len = sizeof(in) };
	struct pollfd p = { .fd = fd, .events = POLLIN };

	if (poll(&p, 1, 3000) != 1)
		ksft_exit_fail_msg("nothing to receive on loopback within 3 s\n");
	memset(m, 0, sizeof(*m));
	memset(cbuf, 0, clen);
	m->msg_iov = &iov;
	m->msg_iovlen = 1;
	m->msg_control = cbuf;
	m->msg_controllen = clen;
	return syscall(__NR_recvmsg, fd, m, MSG_DONTWAIT);
}

/*
 * One legacy timestamp of a packet stamped at the clock value "at": the stamp lies
 * between t0 and t1 (clock_gettime64 before the send, after the receive), so the legacy
 * seconds must be y_encode(t) for a t in [t0, t1], the sub-second part in range and 0
 * when saturated.
 */
static void y_check_stamp(const char *name, const char *what, int found, uint32_t sec,
			  int32_t sub, int32_t sub_max, int64_t t0, int64_t t1)
{
	int64_t t;
	int ok = 0;

	if (found)
		for (t = t0; t <= t1 && !ok; t++)
			ok = sec == y_encode(t) && sub >= 0 && sub < sub_max &&
			     (y_encode_exact(t) || sub == 0);
	ksft_test_result(ok, "%s at %s: %s sec 0x%08x (%d) sub %d; want 0x%08x..0x%08x (%s)\n",
			 name, what, found ? "got" : "MISSING", sec, (int32_t)sec, sub,
			 y_encode(t0), y_encode(t1),
			 y_unsigned() ? "u32, saturated to 0xfffff000" : "legacy low 32 bits");
}

#endif
