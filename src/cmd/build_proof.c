/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mazeproof on what `mazebook build` wrote: run as a process of its own
 * beside the rest of the build, its --json report read with the project's
 * JSON reader (mazebook/base/json.h), its verdict the checklist's first check.
 * The cover's mazes are proven the same way from the cover's proof sheet.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
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
 * Start mazeproof on the written interior: it rebuilds every maze from the
 * printed walls, with no code shared with the generators. It is a process
 * of its own, so it runs on the other core while the cover, the previews
 * and the preflight are made here (MuPDF contexts are not shared across
 * threads); finish_proof reads its verdict. Its output waits in the pipe
 * until then: a full pipe only makes it wait, since the pipe is drained
 * before it is waited for.
 */
enum mb_status build_start_proof(struct build *b, struct proof_run *p, struct mb_error *err)
{
	char *prog = mazeproof_path();
	/* "--": an output folder named "-rf" is a path, never an option */
	char *argv[] = { prog, "--json", "--", b->out[FILE_INTERIOR].temp_path, NULL };
	/* made before the fork: the child may call only what is async-signal-safe */
	char *no_exec = xasprintf("cannot run '%s': not found or not executable\n", prog);
	int fds[2];

	p->pid = -1;
	p->out_fd = -1;
	if (pipe2(fds, O_CLOEXEC)) {
		free(prog);
		free(no_exec);
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot run mazeproof: %s", strerror(errno));
	}
#ifdef F_SETPIPE_SZ
	fcntl(fds[0], F_SETPIPE_SZ, 1 << 20);	/* room for a long report; best effort */
#endif
	p->pid = fork();
	if (p->pid == 0) {
#ifdef PR_SET_PDEATHSIG
		prctl(PR_SET_PDEATHSIG, SIGKILL);	/* a killed build takes its proof along */
#endif
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		execvp(prog, argv);
		/* write(), not stdio: the cover's thread may hold a lock the child would wait on */
		if (write(STDERR_FILENO, no_exec, strlen(no_exec)) < 0)
			_exit(127);
		_exit(127);
	}
	close(fds[1]);
	free(prog);
	free(no_exec);
	if (p->pid < 0) {
		close(fds[0]);
		return mb_error_set(err, MB_ERR_INTERNAL, "cannot run mazeproof: %s", strerror(errno));
	}
	p->out_fd = fds[0];
	return MB_OK;
}

/* the build failed before the proof's verdict was read: stop it and reap it (or nothing) */
void build_stop_proof(struct proof_run *p)
{
	if (p->pid > 0) {
		kill(p->pid, SIGKILL);
		while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	if (p->out_fd >= 0)
		close(p->out_fd);
	p->pid = -1;
	p->out_fd = -1;
}

/* what mazeproof --json said, as far as the build needs it */
struct proof_report {
	bool parsed;		/* its last line (the totals) was read */
	long count, passed, failed, copies, rendered;
	long proven;		/* numbered mazes that passed (the title page's picture has none) */
	char *failing;		/* "maze N, page P: ..." lines and page errors, or other output */
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

/*
 * One of mazeproof's lines as a JSON object, read by the project's JSON
 * reader (mazebook/base/json.h): a maze's line without the ',' that joins it to
 * the next, or the totals' line ('], "errors": [...], "count": ...}')
 * with its '], ' made a '{'. false (nothing to free) when it is not one.
 */
static bool proof_object(const char *line, bool totals, struct mb_json *v)
{
	struct mb_json_fault fault;
	size_t len = strlen(line);
	char *text;
	bool ok;

	while (len && strchr(", \r", line[len - 1]))
		len--;
	text = totals ? xasprintf("{%.*s", (int)(len - 3), line + 3) : xasprintf("%.*s", (int)len, line);
	ok = mb_json_parse(text, strlen(text), v, &fault) && v->type == MB_JSON_OBJECT;
	free(text);
	if (!ok)
		mb_json_free(v);
	return ok;
}

/* the whole number of key in o, or -1 */
static long proof_number(const struct mb_json *o, const char *key)
{
	long n;

	return mb_json_long(mb_json_get(o, key), -1, LONG_MAX, &n) ? n : -1;
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

/* a maze's object: a failing one becomes "maze N, page P: ..." */
static void proof_maze(struct proof_report *r, const struct mb_json *v)
{
	const struct mb_json *ok = mb_json_get(v, "ok");
	long number = proof_number(v, "number"), page = proof_number(v, "page");
	char head[64];

	if (ok && ok->type == MB_JSON_BOOL && !strcmp(ok->text, "true")) {
		r->proven += number > 0;
		return;
	}
	if (number > 0)
		snprintf(head, sizeof(head), "maze %ld, page %ld: ", number, page);
	else
		snprintf(head, sizeof(head), "unnumbered maze, page %ld: ", page);
	report_add(r, head, strlen(head));
	r->failing_len--;	/* the result goes on the same line */
	r->failing[r->failing_len] = '\0';
	report_add_line(r, mb_json_get_string(v, "result"));
}

/*
 * One line of mazeproof --json (it prints one maze object a line, then the
 * errors and the totals): a failing maze becomes "maze N, page P: ...", a
 * page error its text; anything that is not its JSON (a message on
 * stderr) is kept as it is.
 */
static void proof_line(struct proof_report *r, const char *line)
{
	struct mb_json v;
	const struct mb_json *errors;

	if (!strncmp(line, "  {\"number\": ", 13) && proof_object(line, false, &v)) {
		proof_maze(r, &v);
		mb_json_free(&v);
		return;
	}
	if (!strncmp(line, "], \"errors\": [", 14) && proof_object(line, true, &v)) {
		errors = mb_json_get(&v, "errors");
		for (size_t i = 0; errors && errors->type == MB_JSON_ARRAY && i < errors->count; i++)
			if (errors->items[i].type == MB_JSON_STRING)
				report_add_line(r, errors->items[i].text);
		r->count = proof_number(&v, "count");
		r->passed = proof_number(&v, "passed");
		r->failed = proof_number(&v, "failed");
		r->copies = proof_number(&v, "solution_copies");
		r->rendered = proof_number(&v, "rendered");
		r->parsed = r->count >= 0 && r->passed >= 0 && r->failed >= 0;
		mb_json_free(&v);
		return;
	}
	if (!strncmp(line, "{\"file\": ", 9))
		return;
	if (line[0])
		report_add(r, line, strlen(line));
}

/*
 * Read mazeproof's report (--json), wait for it and put its verdict first
 * in the checklist (where it stands whatever finished first), as one
 * check. It passes when mazeproof passed and proved as many mazes as the
 * book printed: a maze it did not find is a maze nobody proved.
 */
enum mb_status build_finish_proof(struct build *b, struct proof_run *p, struct mb_error *err)
{
	char *line = NULL, summary[512];
	size_t cap = 0;
	ssize_t len;
	struct rusage usage;
	struct mb_check *check, proved;
	struct proof_report rep = { .count = -1, .passed = -1, .failed = -1 };
	bool passed, exited_ok;
	int status;
	FILE *f;

	f = fdopen(p->out_fd, "r");
	while (f && (len = getline(&line, &cap, f)) >= 0) {
		line[strcspn(line, "\n")] = '\0';
		proof_line(&rep, line);
	}
	free(line);
	if (f)
		fclose(f);
	else
		close(p->out_fd);
	p->out_fd = -1;
	while (wait4(p->pid, &status, 0, &usage) < 0 && errno == EINTR)
		;
	p->pid = -1;
	b->stage_s[STAGE_PROOF] = (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
				  (double)usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
	exited_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	if (rep.parsed) {
		snprintf(summary, sizeof(summary), "%ld maze%s, %ld passed, %ld failed, %ld solution "
			 "cop%s checked%s", rep.count, rep.count == 1 ? "" : "s", rep.passed,
			 rep.failed, rep.copies, rep.copies == 1 ? "y" : "ies",
			 rep.rendered > 0 ? ", judged from the rendered page where the lines were "
					    "not enough" : "");
		if (exited_ok && rep.proven != (long)b->book.count) {
			char extra[200];

			snprintf(extra, sizeof(extra), "mazeproof proved %ld numbered maze%s, the book "
				 "prints %zu", rep.proven, rep.proven == 1 ? "" : "s", b->book.count);
			report_add(&rep, extra, strlen(extra));
			snprintf(summary + strlen(summary), sizeof(summary) - strlen(summary),
				 "; proved %ld of the %zu mazes printed", rep.proven, b->book.count);
		}
	} else {
		/* no report: its own last words say why */
		snprintf(summary, sizeof(summary), "%s", rep.failing_len ? rep.failing :
			 "no report from mazeproof");
		summary[strcspn(summary, "\n")] = '\0';
		if (rep.failing_len) {
			const char *last = rep.failing + rep.failing_len - 1;

			while (last > rep.failing && last[-1] != '\n')
				last--;
			snprintf(summary, sizeof(summary), "%s", last);
			summary[strcspn(summary, "\n")] = '\0';
		}
	}
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
	char *prog, *cmd;

	if (!r->proof_sheet || r->proof_mazes == 0 || r->proof_pipe)
		return;
	prog = mazeproof_path();
	/* the paths are the build's own temporary names: no quote in them to escape */
	cmd = xasprintf("'%s' --json %s-- '%s' 2>&1", prog,
			b->spec.shape_count > 0 ? "--any-gaps " : "", r->proof_sheet);
	r->proof_pipe = strchr(prog, '\'') || strchr(r->proof_sheet, '\'') ? NULL : popen(cmd, "r");
	free(cmd);
	free(prog);
}

/* a cover proof started and not read (a build that failed): let it end */
void build_drop_cover_proof(struct build *b)
{
	if (b->cover.proof_pipe)
		pclose(b->cover.proof_pipe);
	b->cover.proof_pipe = NULL;
}

/* its verdict, once the interior's proof is in (the checklist keeps that order) */
void build_prove_cover(struct build *b)
{
	struct cover_run *r = &b->cover;
	struct proof_report rep = { .count = -1, .passed = -1, .failed = -1 };
	char *line = NULL, summary[512];
	size_t cap = 0;
	ssize_t len;
	bool passed;
	int status = -1;
	FILE *f;

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
	f = r->proof_pipe;
	r->proof_pipe = NULL;
	while (f && (len = getline(&line, &cap, f)) >= 0) {
		line[strcspn(line, "\n")] = '\0';
		proof_line(&rep, line);
	}
	free(line);
	if (f)
		status = pclose(f);
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
