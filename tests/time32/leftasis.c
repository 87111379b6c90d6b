// SPDX-License-Identifier: GPL-2.0
/*
 * The legacy timestamps the series leaves as they are (Documentation/classification.md,
 * "Legacy timestamps that are not converted"; patch 0023's comments): their seconds
 * field carries the low 32 bits of the time, so on CLOCK_REALTIME they are right until
 * 2106 and after 0xfffff000 they hand out the values the unsigned mode reserves
 * (0xfffff001..0xffffffff), in every kernel variant. This test pins that down per
 * interface, at each read point (2040, 2038-1, 2106-max, the 2106 error window, 2107 set
 * through clock_settime64): the seconds must be the low 32 bits of a t between
 * clock_gettime64 before the event and after it was read, on pristine, off, signed and
 * unsigned kernels alike (no variant converts them).
 *   AF_PACKET      TPACKET_V2 receive ring, tpacket2_hdr.tp_sec (__u32), a UDP datagram
 *                  over loopback.
 *   input_event    a uinput device's key event read back from its evdev node (the
 *                  default clock, CLOCK_REALTIME), 32-bit seconds (compat_ulong_t or
 *                  the native 32-bit __kernel_ulong_t).
 *   ALSA PCM       SNDRV_PCM_IOCTL_STATUS32 of a snd-dummy playback stream in SETUP state
 *                  with tstamp_mode ENABLE: tstamp_sec is snd_pcm_gettime(), CLOCK_REALTIME
 *                  by default (SNDRV_PCM_TSTAMP_TYPE_GETTIMEOFDAY), stored in an s32.
 *   ALSA timer     the system timer's tick events in the legacy tread format (struct
 *                  snd_timer_tread32, s32 seconds): CLOCK_MONOTONIC by default, so no read
 *                  point moves them (one case: the seconds lie within CLOCK_MONOTONIC of
 *                  the read); with snd_timer.timer_tstamp_monotonic=0 on the command line
 *                  CLOCK_REALTIME, then checked at every read point like the others (no
 *                  boot of tools/boot sets that parameter: that branch has not run).
 * The test kernels have CONFIG_PACKET, CONFIG_INPUT_EVDEV, CONFIG_INPUT_UINPUT and
 * CONFIG_SND_DUMMY (configs/common.config). Every wait is bounded by poll() and the
 * watchdog.
 */
#include <dirent.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/uinput.h>
#include <sound/asound.h>
#include "y2106.h"
#include "ynet.h"

/* The legacy layouts, as a 32-bit task with a 32-bit time_t sees them. */
struct input_event32 { uint32_t sec, usec; uint16_t type, code; int32_t value; };
_Static_assert(sizeof(struct input_event32) == 16, "input_event of a 32-bit time_t task");

/* struct snd_pcm_status32 (include/sound/pcm.h): 32-bit seconds, 108 bytes on every ABI. */
struct pcm_status32 {
	int32_t state, trigger_sec, trigger_nsec, tstamp_sec, tstamp_nsec;
	uint32_t appl_ptr, hw_ptr;
	int32_t delay;
	uint32_t avail, avail_max, overrange;
	int32_t suspended_state;
	uint32_t audio_tstamp_data;
	int32_t audio_sec, audio_nsec, driver_sec, driver_nsec;
	uint32_t audio_tstamp_accuracy;
	unsigned char reserved[36];
};
_Static_assert(sizeof(struct pcm_status32) == 108, "snd_pcm_status32");
#define Y_PCM_STATUS32		_IOR('A', 0x20, struct pcm_status32)

/* struct snd_timer_tread32 (sound/core/timer.c): event, s32 seconds, nsec, val. */
struct timer_tread32 { int32_t event, tstamp_sec, tstamp_nsec; uint32_t val; };
_Static_assert(sizeof(struct timer_tread32) == 16, "snd_timer_tread32");
#define Y_TIMER_TREAD_OLD	_IOW('T', 0x02, int)

#define Y_UDP_PORT		18107

static int64_t t0, t1;		/* clock_gettime64 before the event and after the read */

/*
 * One left-as-is stamp: the low 32 bits of a t in [t0, t1], whatever the variant. A
 * value above 0xfffff000 is one the unsigned mode reserves: say so in the case line.
 */
static void check_low32(const char *name, const char *what, int found, uint32_t sec)
{
	int64_t t;
	int ok = 0;

	for (t = t0; found && t <= t1 && !ok; t++)
		ok = sec == (uint32_t)t;
	ksft_test_result(ok, "%s at %s: %s sec 0x%08x; want the low 32 bits 0x%08x..0x%08x (left as is%s)\n",
			 name, what, found ? "got" : "MISSING", sec, (uint32_t)t0, (uint32_t)t1,
			 (uint32_t)t0 > Y_RANGE_MAX || (uint32_t)t1 > Y_RANGE_MAX ?
			 ": a reserved value of the unsigned mode" : "");
}

static void wait_in(int fd, const char *name)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	if (poll(&p, 1, 3000) != 1)
		ksft_exit_fail_msg("%s: nothing to read within 3 s\n", name);
}

/* ----- AF_PACKET: a TPACKET_V2 ring on lo ----- */

static void packet_at(int64_t at, const char *what)
{
	struct tpacket_req req = { 0 };
	struct sockaddr_ll ll = { .sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL) };
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(Y_UDP_PORT) };
	struct tpacket2_hdr *h;
	long page = sysconf(_SC_PAGESIZE);
	int fd, rx, tx, v = TPACKET_V2;
	void *ring;

	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (fd < 0)
		ksft_exit_fail_msg("socket(AF_PACKET): %s (configs/common.config has CONFIG_PACKET=y)\n",
				   strerror(errno));
	req.tp_block_size = page;
	req.tp_block_nr = 1;
	req.tp_frame_size = 2048;
	req.tp_frame_nr = page / 2048;
	if (setsockopt(fd, SOL_PACKET, PACKET_VERSION, &v, sizeof(v)) ||
	    setsockopt(fd, SOL_PACKET, PACKET_RX_RING, &req, sizeof(req)))
		ksft_exit_fail_msg("PACKET_VERSION/PACKET_RX_RING: %s\n", strerror(errno));
	ring = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (ring == MAP_FAILED)
		ksft_exit_fail_msg("mmap of the packet ring: %s\n", strerror(errno));
	ll.sll_ifindex = if_nametoindex("lo");
	if (!ll.sll_ifindex || bind(fd, (struct sockaddr *)&ll, sizeof(ll)))
		ksft_exit_fail_msg("bind(AF_PACKET, lo): %s\n", strerror(errno));
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	rx = socket(AF_INET, SOCK_DGRAM, 0);
	tx = socket(AF_INET, SOCK_DGRAM, 0);
	if (rx < 0 || tx < 0 || bind(rx, (struct sockaddr *)&a, sizeof(a)))
		ksft_exit_fail_msg("UDP sockets on 127.0.0.1:%d: %s\n", Y_UDP_PORT, strerror(errno));

	y_set64(at, 0);
	t0 = y_now64(CLOCK_REALTIME).tv_sec;
	if (sendto(tx, "y2106", 5, 0, (struct sockaddr *)&a, sizeof(a)) != 5)
		ksft_exit_fail_msg("UDP sendto: %s\n", strerror(errno));
	wait_in(fd, "AF_PACKET ring");
	t1 = y_now64(CLOCK_REALTIME).tv_sec;
	h = ring;	/* frame 0: the first copy of the datagram lo saw */
	check_low32("AF_PACKET TPACKET_V2 tp_sec", what, !!(h->tp_status & TP_STATUS_USER),
		    h->tp_sec);
	munmap(ring, page);
	close(fd);
	close(rx);
	close(tx);
}

/* ----- input_event: a uinput keyboard and its evdev node ----- */

static int uin = -1, evdev = -1;

static void input_open(void)
{
	struct uinput_setup us = { .id = { BUS_VIRTUAL, 0x2106, 0x2106, 1 } };
	char sysname[32], path[300];
	struct dirent *d;
	DIR *dir;

	uin = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
	if (uin < 0)
		ksft_exit_fail_msg("/dev/uinput: %s (configs/common.config has CONFIG_INPUT_UINPUT=y)\n",
				   strerror(errno));
	strcpy(us.name, "y2106 left-as-is");
	if (ioctl(uin, UI_SET_EVBIT, EV_KEY) || ioctl(uin, UI_SET_KEYBIT, KEY_A) ||
	    ioctl(uin, UI_DEV_SETUP, &us) || ioctl(uin, UI_DEV_CREATE))
		ksft_exit_fail_msg("uinput device: %s\n", strerror(errno));
	if (ioctl(uin, UI_GET_SYSNAME(sizeof(sysname)), sysname) < 0)
		ksft_exit_fail_msg("UI_GET_SYSNAME: %s\n", strerror(errno));
	/* its evdev node: /sys/class/input/inputN/eventM -> /dev/input/eventM */
	snprintf(path, sizeof(path), "/sys/class/input/%s", sysname);
	dir = opendir(path);
	if (!dir)
		ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
	while ((d = readdir(dir)))
		if (!strncmp(d->d_name, "event", 5)) {
			snprintf(path, sizeof(path), "/dev/input/%s", d->d_name);
			evdev = open(path, O_RDONLY | O_NONBLOCK);
			break;
		}
	closedir(dir);
	if (evdev < 0)
		ksft_exit_fail_msg("no evdev node for %s (configs/common.config has CONFIG_INPUT_EVDEV=y): %s\n",
				   sysname, strerror(errno));
}

/* Write one key event and its SYN_REPORT through uinput; read them back from evdev. */
static int key(int value, struct input_event32 *got)
{
	struct input_event32 ev[2] = {
		{ .type = EV_KEY, .code = KEY_A, .value = value },
		{ .type = EV_SYN, .code = SYN_REPORT },
	};
	struct input_event32 in[8];
	long n, i;

	if (write(uin, ev, sizeof(ev)) != sizeof(ev))
		ksft_exit_fail_msg("write to uinput: %s\n", strerror(errno));
	wait_in(evdev, "evdev");
	n = read(evdev, in, sizeof(in));
	for (i = 0; i < n / (long)sizeof(in[0]); i++)
		if (in[i].type == EV_KEY && in[i].code == KEY_A && in[i].value == value) {
			*got = in[i];
			return 1;
		}
	return 0;
}

static void input_at(int64_t at, const char *what)
{
	struct input_event32 got = { 0 };
	int found;

	y_set64(at, 0);
	t0 = y_now64(CLOCK_REALTIME).tv_sec;
	found = key(1, &got);
	t1 = y_now64(CLOCK_REALTIME).tv_sec;
	check_low32("input_event (evdev, CLOCK_REALTIME) sec", what, found, got.sec);
	key(0, &got);	/* release, so that the next press is a change again */
}

/* ----- ALSA PCM: STATUS32 of a snd-dummy playback stream ----- */

static int pcm = -1;

static void pcm_open(void)
{
	struct snd_pcm_hw_params hw;
	struct snd_pcm_sw_params sw;
	unsigned int i;

	pcm = open("/dev/snd/pcmC0D0p", O_RDWR | O_NONBLOCK);
	if (pcm < 0)
		ksft_exit_fail_msg("/dev/snd/pcmC0D0p: %s (configs/common.config has CONFIG_SND_DUMMY=y)\n",
				   strerror(errno));
	/* any configuration (what alsa-lib's snd_pcm_hw_params_any() sends); the kernel chooses */
	memset(&hw, 0, sizeof(hw));
	for (i = 0; i <= SNDRV_PCM_HW_PARAM_LAST_MASK - SNDRV_PCM_HW_PARAM_FIRST_MASK; i++)
		memset(&hw.masks[i], 0xff, sizeof(hw.masks[i]));
	for (i = 0; i <= SNDRV_PCM_HW_PARAM_LAST_INTERVAL - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL; i++)
		hw.intervals[i].max = ~0u;
	hw.rmask = ~0u;
	hw.info = ~0u;
	if (ioctl(pcm, SNDRV_PCM_IOCTL_HW_PARAMS, &hw))
		ksft_exit_fail_msg("SNDRV_PCM_IOCTL_HW_PARAMS: %s\n", strerror(errno));
	memset(&sw, 0, sizeof(sw));
	sw.tstamp_mode = SNDRV_PCM_TSTAMP_ENABLE;
	sw.tstamp_type = SNDRV_PCM_TSTAMP_TYPE_GETTIMEOFDAY;	/* the default clock */
	sw.avail_min = 1;
	sw.proto = SNDRV_PCM_VERSION;	/* so that tstamp_type is read */
	if (ioctl(pcm, SNDRV_PCM_IOCTL_SW_PARAMS, &sw))
		ksft_exit_fail_msg("SNDRV_PCM_IOCTL_SW_PARAMS: %s\n", strerror(errno));
}

static void pcm_at(int64_t at, const char *what)
{
	struct pcm_status32 st;
	int found;

	memset(&st, 0, sizeof(st));
	y_set64(at, 0);
	t0 = y_now64(CLOCK_REALTIME).tv_sec;
	found = !ioctl(pcm, Y_PCM_STATUS32, &st) && st.state == SNDRV_PCM_STATE_SETUP;
	t1 = y_now64(CLOCK_REALTIME).tv_sec;
	if (!found)
		ksft_print_msg("STATUS32: %s, state %d\n", strerror(errno), st.state);
	check_low32("ALSA PCM STATUS32 tstamp_sec", what, found, (uint32_t)st.tstamp_sec);
}

/* ----- ALSA timer: tick events of the system timer, tread32 ----- */

static int timer_realtime;

/* The first tick event of a fresh instance of the system timer; 0 if none came. */
static int timer_tick(struct timer_tread32 *got)
{
	struct snd_timer_select sel;
	struct snd_timer_params par;
	struct timer_tread32 in[8];
	int fd, on = 1, ok = 0;
	long n, i;

	fd = open("/dev/snd/timer", O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		ksft_exit_fail_msg("/dev/snd/timer: %s (CONFIG_SND_TIMER, selected by CONFIG_SND_DUMMY)\n",
				   strerror(errno));
	memset(&sel, 0, sizeof(sel));
	sel.id.dev_class = SNDRV_TIMER_CLASS_GLOBAL;
	sel.id.dev_sclass = SNDRV_TIMER_SCLASS_NONE;
	sel.id.card = -1;
	sel.id.device = SNDRV_TIMER_GLOBAL_SYSTEM;
	memset(&par, 0, sizeof(par));
	par.ticks = 1;
	par.filter = 1u << SNDRV_TIMER_EVENT_TICK;
	if (ioctl(fd, Y_TIMER_TREAD_OLD, &on) || ioctl(fd, SNDRV_TIMER_IOCTL_SELECT, &sel) ||
	    ioctl(fd, SNDRV_TIMER_IOCTL_PARAMS, &par) || ioctl(fd, SNDRV_TIMER_IOCTL_START))
		ksft_exit_fail_msg("ALSA system timer (TREAD_OLD, SELECT, PARAMS, START): %s\n",
				   strerror(errno));
	wait_in(fd, "ALSA timer");
	n = read(fd, in, sizeof(in));
	for (i = 0; i < n / (long)sizeof(in[0]) && !ok; i++)
		if (in[i].event == SNDRV_TIMER_EVENT_TICK) {
			*got = in[i];
			ok = 1;
		}
	close(fd);
	return ok;
}

static void timer_at(int64_t at, const char *what)
{
	struct timer_tread32 got = { 0 };
	int found;

	y_set64(at, 0);
	t0 = y_now64(CLOCK_REALTIME).tv_sec;
	found = timer_tick(&got);
	t1 = y_now64(CLOCK_REALTIME).tv_sec;
	check_low32("ALSA timer tread32 (CLOCK_REALTIME) tstamp_sec", what, found,
		    (uint32_t)got.tstamp_sec);
}

/* The default: CLOCK_MONOTONIC seconds, whatever the wall clock says (2106 here). */
static void timer_monotonic(void)
{
	struct timer_tread32 got = { 0 };
	int64_t m0, m1;
	int found;

	y_set64(0xfffff800LL, 0);
	m0 = y_now64(CLOCK_MONOTONIC).tv_sec;
	found = timer_tick(&got);
	m1 = y_now64(CLOCK_MONOTONIC).tv_sec;
	ksft_test_result(found && got.tstamp_sec >= m0 && got.tstamp_sec <= m1,
			 "ALSA timer tread32 (default, CLOCK_MONOTONIC) with the clock in the 2106 error window: %s sec %d, CLOCK_MONOTONIC %lld..%lld around the read; want within it (never a calendar time)\n",
			 found ? "got" : "MISSING", got.tstamp_sec, (long long)m0, (long long)m1);
}

int main(void)
{
	char mono[8] = "";
	unsigned int i;

	/* snd_timer.timer_tstamp_monotonic (0444): the clock of the timer's stamps */
	if (y_read_file("/sys/module/snd_timer/parameters/timer_tstamp_monotonic", mono,
			sizeof(mono)) == 0)
		timer_realtime = mono[0] == '0';
	y_init("leftasis", Y_NREADPOINTS * (3 + timer_realtime) + !timer_realtime, 120);
	y_lo_up();
	input_open();
	pcm_open();
	y_clock_save();
	for (i = 0; i < Y_NREADPOINTS; i++) {
		packet_at(y_read_points[i].t, y_read_points[i].what);
		input_at(y_read_points[i].t, y_read_points[i].what);
		pcm_at(y_read_points[i].t, y_read_points[i].what);
		if (timer_realtime)
			timer_at(y_read_points[i].t, y_read_points[i].what);
	}
	if (!timer_realtime)
		timer_monotonic();
	y_clock_restore();
	ioctl(uin, UI_DEV_DESTROY);
	close(uin);
	close(evdev);
	close(pcm);
	ksft_finished();
}
