// SPDX-License-Identifier: GPL-2.0
/*
 * Legacy 32-bit socket receive timestamps: the SO_TIMESTAMP_OLD, SO_TIMESTAMPNS_OLD and
 * SO_TIMESTAMPING_OLD control messages and the SIOCGSTAMP_OLD / SIOCGSTAMPNS_OLD ioctls
 * carry the absolute CLOCK_REALTIME time of a packet in a 32-bit tv_sec (native 32-bit
 * kernels: the long of __kernel_old_timeval/timespec; 64-bit kernels: the compat
 * structures). A UDP datagram (and, for the cmsgs of tcp_recv_timestamp(), a TCP segment)
 * over loopback is stamped with the clock at each read point
 * (2040, 2038-1, 2106-max, the 2106 error window, 2107 set through clock_settime64) and
 * each legacy value must be y_encode(t) for a t between clock_gettime64 before the send
 * and after the receive: in time32=unsigned mode the u32 value, saturated to 0xfffff000
 * (sub-second part 0) after 2106; on pristine/off/signed the low 32 bits (negative as
 * signed from 2038). Raw recvmsg/ioctl with the _OLD numbers: libc (64-bit time_t) would
 * map SO_TIMESTAMP and SIOCGSTAMP to the _NEW variants. Every receive is bounded by
 * poll() and the watchdog.
 */
#include <netinet/in.h>
#include "y2106.h"
#include "ynet.h"

/* The legacy numbers (asm-generic/socket.h, linux/sockios.h; x86 and arm alike). */
#define Y_SO_TIMESTAMP_OLD	29
#define Y_SO_TIMESTAMPNS_OLD	35
#define Y_SO_TIMESTAMPING_OLD	37
#define Y_SIOCGSTAMP_OLD	0x8906
#define Y_SIOCGSTAMPNS_OLD	0x8907
#define Y_SOF_RX_SOFTWARE	(1 << 3)	/* SOF_TIMESTAMPING_RX_SOFTWARE */
#define Y_SOF_SOFTWARE		(1 << 4)	/* SOF_TIMESTAMPING_SOFTWARE */

/* struct scm_timestamping of a 32-bit task: three legacy timespecs. */
struct old_scm_timestamping32 { struct old_timespec32 ts[3]; };
_Static_assert(sizeof(struct old_scm_timestamping32) == 24, "3 x old_timespec32");

enum {
	M_TIMESTAMP, M_TIMESTAMPNS, M_TIMESTAMPING, M_SIOCGSTAMP, M_SIOCGSTAMPNS,
	M_TCP_TIMESTAMP, M_TCP_TIMESTAMPNS, NMODES
};
static const char *const mode_names[] = {
	"SO_TIMESTAMP_OLD cmsg", "SO_TIMESTAMPNS_OLD cmsg", "SO_TIMESTAMPING_OLD cmsg ts[0]",
	"SIOCGSTAMP_OLD", "SIOCGSTAMPNS_OLD",
	"TCP SO_TIMESTAMP_OLD cmsg", "TCP SO_TIMESTAMPNS_OLD cmsg",
};

static int tx, rx, tcp_tx = -1;
static struct sockaddr_in rx_addr;

/* A fresh receiving socket on 127.0.0.1: UDP (tx sends to it) or TCP (tcp_tx). */
static void new_rx(int tcp)
{
	socklen_t len = sizeof(rx_addr);
	int l;

	if (rx > 0)
		close(rx);
	if (tcp_tx >= 0)
		close(tcp_tx);
	tcp_tx = -1;
	rx = socket(AF_INET, tcp ? SOCK_STREAM : SOCK_DGRAM, 0);
	memset(&rx_addr, 0, sizeof(rx_addr));
	rx_addr.sin_family = AF_INET;
	rx_addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (rx < 0 || bind(rx, (struct sockaddr *)&rx_addr, sizeof(rx_addr)) ||
	    getsockname(rx, (struct sockaddr *)&rx_addr, &len))
		ksft_exit_fail_msg("rx socket: %s\n", strerror(errno));
	if (!tcp)
		return;
	/* Loopback connect completes at once; accept is non-blocking all the same. */
	l = rx;
	tcp_tx = socket(AF_INET, SOCK_STREAM, 0);
	if (listen(l, 1) || tcp_tx < 0 ||
	    connect(tcp_tx, (struct sockaddr *)&rx_addr, sizeof(rx_addr)))
		ksft_exit_fail_msg("tcp connect: %s\n", strerror(errno));
	rx = accept4(l, NULL, NULL, SOCK_NONBLOCK);
	if (rx < 0)
		ksft_exit_fail_msg("accept: %s\n", strerror(errno));
	close(l);
}

static void set_opt(int opt, int val)
{
	if (setsockopt(rx, SOL_SOCKET, opt, &val, sizeof(val)))
		ksft_exit_fail_msg("setsockopt(%d, %d): %s\n", opt, val, strerror(errno));
}

/*
 * Send one datagram and receive it with the raw recvmsg (bounded by poll). Returns the
 * payload length; cbuf gets the control messages.
 */
static long send_recv(char *cbuf, size_t clen, struct msghdr *m)
{
	char data[8] = "y2106";

	if ((tcp_tx >= 0 ? send(tcp_tx, data, sizeof(data), 0) :
	     sendto(tx, data, sizeof(data), 0, (struct sockaddr *)&rx_addr, sizeof(rx_addr))) !=
	    sizeof(data))
		ksft_exit_fail_msg("send: %s\n", strerror(errno));
	return y_recv8(rx, m, cbuf, clen);
}

static void run_mode(int mode, int64_t at, const char *what)
{
	char cbuf[256];
	struct msghdr m;
	struct old_timespec32 ts = { 0, 0 };
	int64_t t0, t1;
	int found = 0, sub_max = 1000000000;
	long n;

	new_rx(mode == M_TCP_TIMESTAMP || mode == M_TCP_TIMESTAMPNS);
	switch (mode) {
	case M_TIMESTAMP:
	case M_TCP_TIMESTAMP:
		set_opt(Y_SO_TIMESTAMP_OLD, 1);
		break;
	case M_TIMESTAMPNS:
	case M_TCP_TIMESTAMPNS:
		set_opt(Y_SO_TIMESTAMPNS_OLD, 1);
		break;
	case M_TIMESTAMPING:
		set_opt(Y_SO_TIMESTAMPING_OLD, Y_SOF_RX_SOFTWARE | Y_SOF_SOFTWARE);
		break;
	default:
		/* The first SIOCGSTAMP enables stamping on the socket (ENOENT: no packet yet). */
		syscall(__NR_ioctl, rx, Y_SIOCGSTAMP_OLD, &ts);
		break;
	}
	y_set64(at, 0);
	t0 = y_now64(CLOCK_REALTIME).tv_sec;
	n = send_recv(cbuf, sizeof(cbuf), &m);
	if (n != 8)
		ksft_exit_fail_msg("recvmsg: %ld (%s)\n", n, strerror(errno));
	if (mode == M_SIOCGSTAMP || mode == M_SIOCGSTAMPNS) {
		unsigned long req = mode == M_SIOCGSTAMP ? Y_SIOCGSTAMP_OLD : Y_SIOCGSTAMPNS_OLD;

		found = syscall(__NR_ioctl, rx, req, &ts) == 0;
		if (!found)
			ksft_print_msg("ioctl(0x%lx): %s\n", req, strerror(errno));
	} else if (mode == M_TIMESTAMP || mode == M_TCP_TIMESTAMP) {
		struct old_timeval32 *tv = y_find_cmsg(&m, Y_SO_TIMESTAMP_OLD, sizeof(*tv));

		if (tv) {
			found = 1;
			ts.tv_sec = tv->tv_sec;
			ts.tv_nsec = tv->tv_usec;
		}
	} else if (mode == M_TIMESTAMPNS || mode == M_TCP_TIMESTAMPNS) {
		struct old_timespec32 *p = y_find_cmsg(&m, Y_SO_TIMESTAMPNS_OLD, sizeof(*p));

		if (p) {
			found = 1;
			ts = *p;
		}
	} else {
		struct old_scm_timestamping32 *p = y_find_cmsg(&m, Y_SO_TIMESTAMPING_OLD,
							     sizeof(*p));

		/* ts[1] is unused and ts[2] (hardware) empty on loopback: both zero. */
		if (p && !p->ts[1].tv_sec && !p->ts[1].tv_nsec && !p->ts[2].tv_sec &&
		    !p->ts[2].tv_nsec) {
			found = 1;
			ts = p->ts[0];
		}
	}
	t1 = y_now64(CLOCK_REALTIME).tv_sec;
	if (mode == M_TIMESTAMP || mode == M_SIOCGSTAMP || mode == M_TCP_TIMESTAMP)
		sub_max = 1000000;
	y_check_stamp(mode_names[mode], what, found, (uint32_t)ts.tv_sec, ts.tv_nsec, sub_max, t0, t1);
}

int main(void)
{
	unsigned int i;
	int mode;

	y_init("sockts", Y_NREADPOINTS * NMODES, 120);
	y_lo_up();
	tx = socket(AF_INET, SOCK_DGRAM, 0);
	if (tx < 0)
		ksft_exit_fail_msg("socket: %s\n", strerror(errno));
	/*
	 * Keep packet stamping on for the whole run: the first user turns it on through a
	 * work item, and a datagram that overtakes it is not stamped (SO_TIMESTAMPING would
	 * then have no software stamp).
	 */
	if (setsockopt(tx, SOL_SOCKET, Y_SO_TIMESTAMP_OLD, &(int){ 1 }, sizeof(int)))
		ksft_exit_fail_msg("setsockopt(tx, SO_TIMESTAMP_OLD): %s\n", strerror(errno));
	usleep(200000);
	y_clock_save();

	for (i = 0; i < Y_NREADPOINTS; i++)
		for (mode = 0; mode < NMODES; mode++)
			run_mode(mode, y_read_points[i].t, y_read_points[i].what);

	y_clock_restore();
	close(rx);
	if (tcp_tx >= 0)
		close(tcp_tx);
	close(tx);
	ksft_finished();
}
