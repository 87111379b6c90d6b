/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel command line parameters for the y2106 guest programs (/init and the tests). */
#ifndef Y2106_CMDLINE_H
#define Y2106_CMDLINE_H

#include <string.h>

static char y_cmdline[4096];

/* The value of KEY=VALUE on the command line read into y_cmdline, or NULL. */
static const char *y_cmdline_get(const char *key)
{
	static char val[256];
	size_t klen = strlen(key);
	char *p = y_cmdline;

	while ((p = strstr(p, key)) != NULL) {
		if ((p == y_cmdline || p[-1] == ' ') && p[klen] == '=') {
			size_t n = strcspn(p + klen + 1, " \n");

			if (n >= sizeof(val))
				n = sizeof(val) - 1;
			memcpy(val, p + klen + 1, n);
			val[n] = 0;
			return val;
		}
		p += klen;
	}
	return NULL;
}

#endif /* Y2106_CMDLINE_H */
