// SPDX-License-Identifier: GPL-2.0
/*
 * RDS receive timestamps (patches 0003, 0026): an RDS socket with SO_TIMESTAMP gets the
 * CLOCK_REALTIME receive time of a message in a control message that rds_cmsg_recv()
 * builds itself, not through the socket core's skb helpers. An RDS message to 127.0.0.1
 * goes over the loopback transport (CONFIG_RDS alone, no TCP or InfiniBand transport),
 * stamped with the clock at each read point (2040, 2038-1, 2106-max, the 2106 error
 * window, 2107 set through clock_settime64):
 *   SO_TIMESTAMP_OLD   struct old_timeval32: y_encode(t) for a t between clock_gettime64
 *                      before the send and after the receive (unsigned mode: u32,
 *                      saturated to 0xfffff000 with usec 0 after 2106; otherwise the low
 *                      32 bits). 32-bit kernels: 0026 encodes it; 64-bit kernels: the
 *                      compat put_cmsg() does (0020).
 *   SO_TIMESTAMP_NEW   struct __kernel_sock_timeval, 64-bit tv_sec: the whole t on every
 *                      patched kernel (0003, a plain y2038 fix, option on or off) and on
 *                      pristine 64-bit kernels; a pristine 32-bit kernel (i386, arm) hands
 *                      out the low 32 bits sign-extended, 1901 from 2038 on: the legacy
 *                      expectation of this test there.
 * Raw socket calls with the numbers; every receive is bounded by poll() and the watchdog.
 */
#include <netinet/in.h>
#include <sys/utsname.h>
#include "y2106.h"
#include "ynet.h"

#define Y_AF_RDS		21
#define Y_SO_TIMESTAMP_OLD	29
#define Y_SO_TIMESTAMP_NEW	63
#define Y_PORT_TX		18106	/* the sender; each receiver gets the next free port */

/* struct __kernel_sock_timeval */
struct sock_timeval64 { int64_t tv_sec; int64_t tv_usec; };

static int tx, rx, kernel32, rx_port = Y_PORT_TX;
static struct sockaddr_in rx_addr;

static int rds_socket(int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	int fd = socket(Y_AF_RDS, SOCK_SEQPACKET, 0);

	if (fd < 0)
		ksft_exit_fail_msg("socket(AF_RDS): %s (the test kernels have CONFIG_RDS=y: configs/common.config)\n",
				   strerror(errno));
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	a.sin_port = htons(port);
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)))
		ksft_exit_fail_msg("bind(AF_RDS, 127.0.0.1:%d): %s\n", port, strerror(errno));
	if (port != Y_PORT_TX)
		rx_addr = a;
	return fd;
}

/* One message to rx, received with the raw recvmsg; cbuf gets the control messages. */
static void send_recv(char *cbuf, size_t clen, struct msghdr *m)
{
	char data[8] = "y2106";
	long n;

	if (sendto(tx, data, sizeof(data), 0, (struct sockaddr *)&rx_addr, sizeof(rx_addr)) !=
	    sizeof(data))
		ksft_exit_fail_msg("RDS sendto: %s\n", strerror(errno));
	n = y_recv8(rx, m, cbuf, clen);
	if (n != sizeof(data))
		ksft_exit_fail_msg("RDS recvmsg: %ld (%s)\n", n, strerror(errno));
}

/* What SO_TIMESTAMP_NEW must say for a message stamped at t. */
static int64_t new_expect(int64_t t)
{
	return y_variant == Y_PRISTINE && kernel32 ? (int64_t)(int32_t)t : t;
}

static void run(int opt, int64_t at, const char *what)
{
	char cbuf[256];
	struct msghdr m;
	int64_t t0, t1, t, sec = 0, usec = 0;
	int ok = 0, found = 0;

	rx = rds_socket(++rx_port);
	if (setsockopt(rx, SOL_SOCKET, opt, &(int){ 1 }, sizeof(int)))
		ksft_exit_fail_msg("setsockopt(RDS, %d): %s\n", opt, strerror(errno));
	y_set64(at, 0);
	t0 = y_now64(CLOCK_REALTIME).tv_sec;
	send_recv(cbuf, sizeof(cbuf), &m);
	t1 = y_now64(CLOCK_REALTIME).tv_sec;
	if (opt == Y_SO_TIMESTAMP_OLD) {
		struct old_timeval32 *tv = y_find_cmsg(&m, opt, sizeof(*tv));

		if (tv) {
			found = 1;
			sec = (uint32_t)tv->tv_sec;
			usec = tv->tv_usec;
		}
		y_check_stamp("RDS SO_TIMESTAMP_OLD", what, found, (uint32_t)sec, usec, 1000000,
			      t0, t1);
	} else {
		struct sock_timeval64 *tv = y_find_cmsg(&m, opt, sizeof(*tv));

		if (tv) {
			found = 1;
			sec = tv->tv_sec;
			usec = tv->tv_usec;
		}
		for (t = t0; found && t <= t1 && !ok; t++)
			ok = sec == new_expect(t) && usec >= 0 && usec < 1000000;
		ksft_test_result(ok, "RDS SO_TIMESTAMP_NEW at %s: %s sec %lld (%s) usec %lld; want %lld..%lld (%s)\n",
				 what, found ? "got" : "MISSING", (long long)sec, y_date(sec),
				 (long long)usec, (long long)new_expect(t0), (long long)new_expect(t1),
				 new_expect(t0) == t0 ? "the 64-bit time" :
				 "pristine 32-bit kernel: low 32 bits sign-extended");
	}
	close(rx);
}

int main(void)
{
	struct utsname u;
	unsigned int i;

	y_init("rds", Y_NREADPOINTS * 2, 120);
	if (uname(&u))
		ksft_exit_fail_msg("uname: %s\n", strerror(errno));
	/*
	 * An i386 binary on the x86_64 kernel sees x86_64, an arm one on arm64 aarch64, an
	 * o32 one on the 64-bit mips kernel mips64.
	 */
	kernel32 = strcmp(u.machine, "x86_64") && strcmp(u.machine, "aarch64") &&
		   strcmp(u.machine, "mips64");
	ksft_print_msg("uname -m %s: %s-bit kernel\n", u.machine, kernel32 ? "32" : "64");
	y_lo_up();
	tx = rds_socket(Y_PORT_TX);
	y_clock_save();
	for (i = 0; i < Y_NREADPOINTS; i++) {
		run(Y_SO_TIMESTAMP_OLD, y_read_points[i].t, y_read_points[i].what);
		run(Y_SO_TIMESTAMP_NEW, y_read_points[i].t, y_read_points[i].what);
	}
	y_clock_restore();
	close(tx);
	ksft_finished();
}
