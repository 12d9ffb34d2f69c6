/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mazeproof on what `mazebook build` wrote: run as a process of its own
 * beside the rest of the build, its --json report (its stdout, one JSON
 * object) read whole with the project's JSON reader (mazebook/base/json.h)
 * and believed only when it agrees with itself, its messages (its stderr)
 * kept apart; its verdict is the checklist's first check. The cover's
 * mazes are proven the same way from the cover's proof sheet.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "mazebook/base/json.h"
#include "mazebook/base/xalloc.h"

#include "build.h"

/* mazeproof is installed beside mazebook; fall back to the PATH */
static char *mazeproof_path(void)
{
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n > 0) {
		char *slash, *path;

		self[n] = '\0';
		slash = strrchr(self, '/');
		if (slash) {
			*slash = '\0';
			path = xasprintf("%s/mazeproof", self);
			if (!access(path, X_OK))
				return path;
			free(path);
		}
	}
	return xstrdup("mazeproof");
}

/*
 * Start mazeproof --json [--any-gaps] -- PDF, its stdout and its stderr
 * in two pipes of their own: the report is one JSON text, which no message
 * may break into. "--": an output folder named "-rf" is a path, never an
 * option.
 */
static enum mb_status start_mazeproof(const char *pdf, bool any_gaps, struct proof_run *p,
				      struct mb_error *err)
{
	char *prog = mazeproof_path();
	char *argv[6] = { prog, "--json" }, **arg = argv + 2;
	/* made before the fork: the child may call only what is async-signal-safe */
	char *no_exec = xasprintf("cannot run '%s': not found or not executable\n", prog);
	int out[2] = { -1, -1 }, msg[2] = { -1, -1 };

	*p = (struct proof_run){ 0 };
	if (any_gaps)
		*arg++ = "--any-gaps";
	*arg++ = "--";
	*arg = (char *)pdf;
	if (pipe2(out, O_CLOEXEC) || pipe2(msg, O_CLOEXEC)) {
		int e = errno;

		if (out[0] >= 0) {	/* the second pipe failed */
			close(out[0]);
			close(out[1]);
		}
		free(prog);
		free(no_exec);
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot run mazeproof: %s", strerror(e));
	}
#ifdef F_SETPIPE_SZ
	fcntl(out[0], F_SETPIPE_SZ, 1 << 20);	/* room for a long report; best effort */
#endif
	p->pid = fork();
	if (p->pid == 0) {
#ifdef PR_SET_PDEATHSIG
		prctl(PR_SET_PDEATHSIG, SIGKILL);	/* a killed build takes its proof along */
#endif
		dup2(out[1], STDOUT_FILENO);
		dup2(msg[1], STDERR_FILENO);
		execvp(prog, argv);
		/* write(), not stdio: the cover's thread may hold a lock the child would wait on */
		if (write(STDERR_FILENO, no_exec, strlen(no_exec)) < 0)
			_exit(127);
		_exit(127);
	}
	close(out[1]);
	close(msg[1]);
	free(prog);
	free(no_exec);
	if (p->pid < 0) {
		int e = errno;

		close(out[0]);
		close(msg[0]);
		*p = (struct proof_run){ 0 };
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot run mazeproof: %s", strerror(e));
	}
	p->out_fd = out[0];
	p->msg_fd = msg[0];
	return MB_OK;
}

/*
 * Start mazeproof on the written interior: it rebuilds every maze from the
 * printed walls, with no code shared with the generators. It is a process
 * of its own, so it runs on the other core while the cover, the previews
 * and the preflight are made here (MuPDF contexts are not shared across
 * threads); finish_proof reads its verdict. Its output waits in the pipes
 * until then: a full pipe only makes it wait, since the pipes are drained
 * before it is waited for.
 */
enum mb_status build_start_proof(struct build *b, struct proof_run *p, struct mb_error *err)
{
	return start_mazeproof(b->tx.files[FILE_INTERIOR].temp_path, false, p, err);
}

/* the build failed before the proof's verdict was read: stop it and reap it (or nothing) */
void build_stop_proof(struct proof_run *p)
{
	if (p->pid > 0) {
		kill(p->pid, SIGKILL);
		while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
			;
		close(p->out_fd);
		close(p->msg_fd);
	}
	*p = (struct proof_run){ 0 };
}

/* a growing text, NUL-terminated once read */
struct text {
	char *s;
	size_t len, cap;
};

/* one read from fd into t; false at the end of the pipe (or an error) */
static bool read_some(int fd, struct text *t)
{
	ssize_t n;

	if (t->cap - t->len < 65536 + 1) {
		t->cap = t->cap ? t->cap * 2 : 65536 * 2;
		t->s = xrealloc(t->s, t->cap);
	}
	do
		n = read(fd, t->s + t->len, 65536);
	while (n < 0 && errno == EINTR);
	if (n <= 0)
		return false;
	t->len += (size_t)n;
	return true;
}

/*
 * Everything mazeproof wrote, both pipes drained side by side (either
 * may fill while the other is read), then its exit status and its CPU
 * time. A run that never started reads as empty, status -1.
 */
static void collect(struct proof_run *p, struct text *report, struct text *messages,
		    int *status, struct rusage *usage)
{
	struct pollfd fds[2] = { { p->out_fd, POLLIN, 0 }, { p->msg_fd, POLLIN, 0 } };
	struct text *into[2] = { report, messages };
	int open = 2;

	*status = -1;
	memset(usage, 0, sizeof(*usage));
	if (p->pid <= 0)
		open = 0;
	while (open > 0) {
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd < 0 || !fds[i].revents || read_some(fds[i].fd, into[i]))
				continue;
			close(fds[i].fd);
			fds[i].fd = -1;	/* poll passes it over */
			open--;
		}
	}
	for (int i = 0; i < 2 && p->pid > 0; i++)
		if (fds[i].fd >= 0)
			close(fds[i].fd);
	while (p->pid > 0 && wait4(p->pid, status, 0, usage) < 0 && errno == EINTR)
		;
	*p = (struct proof_run){ 0 };
	for (int i = 0; i < 2; i++) {
		into[i]->s = xrealloc(into[i]->s, into[i]->len + 1);
		into[i]->s[into[i]->len] = '\0';
	}
}

/* what mazeproof --json said, as far as the build needs it */
struct proof_report {
	bool parsed;		/* the report was read whole and agrees with itself */
	long count, passed, failed, copies, rendered;
	long proven;		/* numbered mazes that passed (the title page's picture has none) */
	char *failing;		/* its messages, "maze N, page P: ..." lines and page errors,
				 * and what is wrong with the report itself, one a line */
	size_t failing_len;
};

static void report_add(struct proof_report *r, const char *text, size_t len)
{
	r->failing = xrealloc(r->failing, r->failing_len + len + 2);
	memcpy(r->failing + r->failing_len, text, len);
	r->failing_len += len;
	r->failing[r->failing_len++] = '\n';
	r->failing[r->failing_len] = '\0';
}

/* a string of mazeproof's, on one line of the report */
static void report_add_line(struct proof_report *r, const char *text)
{
	char *one = xstrdup(text ? text : "");

	for (char *c = one; *c; c++)
		if (*c == '\n' || *c == '\r' || *c == '\t')
			*c = ' ';
	report_add(r, one, strlen(one));
	free(one);
}

/* what is wrong with the report: its last line, so that it is the summary; always false */
static bool report_fault(struct proof_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static bool report_fault(struct proof_report *r, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	report_add(r, line, strlen(line));
	return false;
}

/* key's whole number (at least min) of the object o, or a fault naming where and what */
static bool report_number(struct proof_report *r, const struct mb_json *o, const char *where,
			  const char *key, long min, long *out)
{
	if (mb_json_long(mb_json_get(o, key), min, LONG_MAX, out))
		return true;
	return report_fault(r, "mazeproof's report: %s has no \"%s\" (a whole number%s)", where,
			    key, min == 0 ? " 0 or more" : "");
}

/* the k-th maze of the list (from 1): a failing one becomes "maze N, page P: ..." */
static bool report_maze(struct proof_report *r, const struct mb_json *v, size_t k, long *ok_count)
{
	char where[64], head[64];
	long number, page;
	bool ok;

	snprintf(where, sizeof(where), "maze %zu of the list", k);
	if (v->type != MB_JSON_OBJECT)
		return report_fault(r, "mazeproof's report: %s is not an object", where);
	if (!mb_json_bool(mb_json_get(v, "ok"), &ok))
		return report_fault(r, "mazeproof's report: %s has no \"ok\" (true or false)", where);
	if (!report_number(r, v, where, "number", LONG_MIN, &number) ||
	    !report_number(r, v, where, "page", LONG_MIN, &page))
		return false;
	if (ok) {
		(*ok_count)++;
		r->proven += number > 0;
		return true;
	}
	if (number > 0)
		snprintf(head, sizeof(head), "maze %ld, page %ld: ", number, page);
	else
		snprintf(head, sizeof(head), "unnumbered maze, page %ld: ", page);
	report_add(r, head, strlen(head));
	r->failing_len--;	/* the result goes on the same line */
	r->failing[r->failing_len] = '\0';
	report_add_line(r, mb_json_get_string(v, "result"));
	return true;
}

/*
 * The report's object: every maze (the failing ones and the page errors
 * go to r->failing), then the totals, which must agree with the list: a
 * report that contradicts itself proves nothing.
 */
static bool report_read(struct proof_report *r, const struct mb_json *v)
{
	const struct mb_json *mazes = mb_json_get(v, "mazes"), *errors = mb_json_get(v, "errors");
	long ok_count = 0, count, passed, failed;

	if (v->type != MB_JSON_OBJECT)
		return report_fault(r, "mazeproof's report is not a JSON object");
	if (!mazes || mazes->type != MB_JSON_ARRAY)
		return report_fault(r, "mazeproof's report has no \"mazes\" (a list)");
	if (!errors || errors->type != MB_JSON_ARRAY)
		return report_fault(r, "mazeproof's report has no \"errors\" (a list)");
	for (size_t i = 0; i < mazes->count; i++)
		if (!report_maze(r, &mazes->items[i], i + 1, &ok_count))
			return false;
	for (size_t i = 0; i < errors->count; i++) {
		if (errors->items[i].type != MB_JSON_STRING)
			return report_fault(r, "mazeproof's report: error %zu of the list is not "
					    "a string", i + 1);
		report_add_line(r, errors->items[i].text);
	}
	if (!report_number(r, v, "it", "count", 0, &count) ||
	    !report_number(r, v, "it", "passed", 0, &passed) ||
	    !report_number(r, v, "it", "failed", 0, &failed) ||
	    !report_number(r, v, "it", "solution_copies", 0, &r->copies) ||
	    !report_number(r, v, "it", "rendered", 0, &r->rendered))
		return false;
	if (count != (long)mazes->count)
		return report_fault(r, "mazeproof's report counts %ld maze%s but lists %zu", count,
				    count == 1 ? "" : "s", mazes->count);
	if (passed != ok_count)
		return report_fault(r, "mazeproof's report says %ld passed but lists %ld that "
				    "passed", passed, ok_count);
	if (failed != count - ok_count + (long)errors->count)
		return report_fault(r, "mazeproof's report says %ld failed but lists %ld failing "
				    "maze%s and %zu page error%s", failed, count - ok_count,
				    count - ok_count == 1 ? "" : "s", errors->count,
				    errors->count == 1 ? "" : "s");
	r->count = count;
	r->passed = passed;
	r->failed = failed;
	return true;
}

/*
 * What mazeproof wrote: its messages (stderr) first, a line each, as they
 * are; then its report (stdout) read whole as one JSON text. No report
 * (mazeproof could not read the file, or never ran) leaves r->parsed
 * false with its messages saying why; a report that is not JSON, lacks a
 * field or disagrees with itself does too, and says so on its last line.
 */
static void report_from(struct proof_report *r, const struct text *report,
			const struct text *messages)
{
	struct mb_json v;
	struct mb_json_fault fault;
	const char *line = messages->s, *end;
	bool blank = true;

	*r = (struct proof_report){ .count = -1, .passed = -1, .failed = -1 };
	for (; *line; line = *end ? end + 1 : end) {
		end = line + strcspn(line, "\n");
		if (end > line)
			report_add(r, line, (size_t)(end - line));
	}
	for (size_t i = 0; i < report->len && blank; i++)
		blank = strchr(" \t\r\n", report->s[i]) != NULL;
	if (blank)
		return;
	if (!mb_json_parse(report->s, report->len, &v, &fault))
		report_fault(r, "mazeproof's report is not JSON: line %d, column %d: expected %s",
			     fault.line, fault.column, fault.expected);
	else
		r->parsed = report_read(r, &v);
	mb_json_free(&v);
}

/* the interior's check: the totals, or without a report the last thing mazeproof said */
static void proof_summary(struct build *b, struct proof_report *rep, bool exited_ok,
			  char *summary, size_t size)
{
	if (rep->parsed) {
		snprintf(summary, size, "%ld maze%s, %ld passed, %ld failed, %ld solution "
			 "cop%s checked%s", rep->count, rep->count == 1 ? "" : "s", rep->passed,
			 rep->failed, rep->copies, rep->copies == 1 ? "y" : "ies",
			 rep->rendered > 0 ? ", judged from the rendered page where the lines were "
					     "not enough" : "");
		if (exited_ok && rep->proven != (long)b->book.count) {
			char extra[200];

			snprintf(extra, sizeof(extra), "mazeproof proved %ld numbered maze%s, the book "
				 "prints %zu", rep->proven, rep->proven == 1 ? "" : "s", b->book.count);
			report_add(rep, extra, strlen(extra));
			snprintf(summary + strlen(summary), size - strlen(summary),
				 "; proved %ld of the %zu mazes printed", rep->proven, b->book.count);
		}
		return;
	}
	/* no report: its own last words say why */
	snprintf(summary, size, "%s", "no report from mazeproof");
	if (rep->failing_len) {
		const char *last = rep->failing + rep->failing_len - 1;

		while (last > rep->failing && last[-1] != '\n')
			last--;
		snprintf(summary, size, "%s", last);
		summary[strcspn(summary, "\n")] = '\0';
	}
}

/*
 * Read mazeproof's report (--json), wait for it and put its verdict first
 * in the checklist (where it stands whatever finished first), as one
 * check. It passes when mazeproof passed and proved as many mazes as the
 * book printed: a maze it did not find is a maze nobody proved.
 */
enum mb_status build_finish_proof(struct build *b, struct proof_run *p, struct mb_error *err)
{
	char summary[512];
	struct text report = { 0 }, messages = { 0 };
	struct rusage usage;
	struct mb_check *check, proved;
	struct proof_report rep;
	bool passed, exited_ok;
	int status;

	collect(p, &report, &messages, &status, &usage);
	b->stage_s[STAGE_PROOF] = (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
				  (double)usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
	report_from(&rep, &report, &messages);
	free(report.s);
	free(messages.s);
	exited_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	proof_summary(b, &rep, exited_ok, summary, sizeof(summary));
	{
		/* "mazeproof: TEMP-PATH: ..." -> the interior's final name */
		char *s = xstrdup(summary);
		size_t n = strlen(s) + 256;

		s = xrealloc(s, n);
		build_say_final_names(b, s, n);
		b->proof_summary = s;
	}
	if (rep.failing)
		build_say_final_names(b, rep.failing, rep.failing_len + 1);
	passed = exited_ok && rep.parsed && rep.proven == (long)b->book.count;
	check = mb_checklist_add(&b->checklist, "interior.mazeproof",
				 passed ? MB_CHECK_PASS : MB_CHECK_FAIL, NULL, b->proof_summary,
				 "every maze perfect, one route", "mazeproof: %s", b->proof_summary);
	proved = *check;
	memmove(b->checklist.checks + 1, b->checklist.checks,
		(b->checklist.count - 1) * sizeof(*b->checklist.checks));
	b->checklist.checks[0] = proved;
	if (!passed && rep.failing)
		fprintf(stderr, "%s", rep.failing);
	free(rep.failing);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		return mb_error_set(err, MB_ERR_INTERNAL, "%s", b->proof_summary);
	return MB_OK;
}

/*
 * The cover's mazes proven the same way as the interior's: mazeproof on
 * the cover's proof sheet (its cards' walls drawn by the cover's own ops,
 * black on white), one check in the checklist. A shaped book's mazes have
 * their gaps where the shape puts them (--any-gaps). The sheet goes.
 */
void build_start_cover_proof(struct build *b)
{
	struct cover_run *r = &b->cover;

	if (!r->proof_sheet || r->proof_mazes == 0 || r->proof.pid > 0)
		return;
	/* a run that cannot start reads as no report, its check failing */
	start_mazeproof(r->proof_sheet, b->spec.shape_count > 0, &r->proof, NULL);
}

/* a cover proof started and not read (a build that failed): stop it */
void build_drop_cover_proof(struct build *b)
{
	build_stop_proof(&b->cover.proof);
}

/* its verdict, once the interior's proof is in (the checklist keeps that order) */
void build_prove_cover(struct build *b)
{
	struct cover_run *r = &b->cover;
	struct text report = { 0 }, messages = { 0 };
	struct proof_report rep;
	struct rusage usage;
	char summary[512];
	bool passed;
	int status;

	if (!r->proof_sheet)
		return;
	if (r->proof_mazes == 0) {
		mb_checklist_add(&b->checklist, "cover.mazeproof", MB_CHECK_PASS, NULL,
				 "no maze on the cover", "every maze perfect, one route",
				 "the cover shows no maze (the publisher's art on the front)");
		free(r->proof_sheet);
		r->proof_sheet = NULL;
		return;
	}
	build_start_cover_proof(b);	/* when it was not started beside the preflight */
	collect(&r->proof, &report, &messages, &status, &usage);
	report_from(&rep, &report, &messages);
	free(report.s);
	free(messages.s);
	unlink(r->proof_sheet);
	free(r->proof_sheet);
	r->proof_sheet = NULL;
	passed = status == 0 && rep.parsed && rep.failed == 0 &&
		 rep.passed == (long)r->proof_mazes;
	if (rep.parsed)
		snprintf(summary, sizeof(summary), "%ld of the cover's %zu maze%s passed", rep.passed,
			 r->proof_mazes, r->proof_mazes == 1 ? "" : "s");
	else
		snprintf(summary, sizeof(summary), "no report from mazeproof on the cover's mazes");
	mb_checklist_add(&b->checklist, "cover.mazeproof", passed ? MB_CHECK_PASS : MB_CHECK_FAIL,
			 NULL, summary, "every maze perfect, one route", "mazeproof: %s%s%s",
			 summary, !passed && rep.failing ? ": " : "",
			 !passed && rep.failing ? rep.failing : "");
	free(rep.failing);
}
