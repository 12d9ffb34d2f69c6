/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mazeproof: prove from the printed walls alone that every maze in an
 * interior PDF has exactly one route. It reads every page, rebuilds each
 * drawn maze (mpmaze), judges it from its rendering where the lines are not
 * the whole truth (mpraster), proves it (mpcheck), pairs each maze page
 * with its solution copy by the number in their labels (or by its walls)
 * and prints one line per maze and a summary. It shares no code with mazebook's maze engine, so a bug
 * in one cannot hide a bug in the other.
 *
 * Hostile files: the reader bounds size, pages and the drawing work of the
 * whole file (mpread.h), and no more than MB_MP_MAX_MAZES mazes are kept;
 * a CPU-time alarm (--max-cpu, default MB_MP_MAX_CPU_S) bounds the rest, such as
 * a small deflate stream that inflates to gigabytes on every page.
 *
 * This file: the options, the limits on the run, and main, which pairs
 * the mazes read (mpjudge.c) and reports them (mpreport.c).
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "mplimits.h"
#include "mpmaze.h"
#include "mpraster.h"
#include "mpread.h"
#include "mprun.h"
#include "mputil.h"

enum { EXIT_PASS = 0, EXIT_FAILED = 1, EXIT_USAGE = 2 };


/* what the CPU-time alarm prints; written before it is armed (a handler reaches only statics) */
static char give_up_message[1024];
static size_t give_up_len;

static void give_up(int sig)
{
	ssize_t w = write(STDERR_FILENO, give_up_message, give_up_len);

	(void)sig;
	(void)w;
	_exit(EXIT_FAILED);
}

/*
 * Keep freed memory for the next maze rather than handing it back: each
 * page's and maze's buffers (hundreds of kB for a round maze of 33 rings)
 * were mapped afresh and faulted in page by page, a tenth of the run in
 * the kernel. The most held at once does not grow: it is kept to the end
 * instead of going back to the system between mazes.
 */
static void keep_freed_memory(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}

static void arm_cpu_limit(unsigned long seconds, const char *path)
{
	struct itimerval t = { .it_value = { .tv_sec = (time_t)seconds } };
	struct sigaction sa;
	int n;

	if (!seconds)
		return;
	n = snprintf(give_up_message, sizeof give_up_message,
		     "mazeproof: cannot read '%s': gave up after %lu s of CPU time "
		     "(a file built to exhaust PDF readers?); --max-cpu sets the limit\n",
		     path, seconds);
	give_up_len = n < 0 ? 0 : (size_t)n < sizeof give_up_message ? (size_t)n
								      : sizeof give_up_message - 1;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = give_up;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPROF, &sa, NULL);
	setitimer(ITIMER_PROF, &t, NULL);
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: mazeproof [--quiet | --json] [--any-gaps] [--render] FILE.pdf\n"
		"Prove from what prints that every maze in an interior PDF has exactly one\n"
		"route, and that each solution copy shows that route.\n"
		"\n"
		"The black lines of each drawing (strokes of any pen and cap, filled\n"
		"rectangles) give its grid. Where anything else paints in a maze (fills,\n"
		"images, glyphs, white paint, clips, colours that are not its solution), a\n"
		"wall end is off the grid by more than half its pen, or part of it is off\n"
		"the page, the maze is rendered (MuPDF, %.0f pixels a point, so a 0.75 pt wall\n"
		"is 3 pixels) and each wall is read from the ink: a pixel %.0f %% darker than\n"
		"paper or more is ink, and an opening is a clear stretch a pencil line\n"
		"passes: at least max(%.1f pt, the pen width) long, or half the clear width\n"
		"of a square when that is less. The ink decides; a maze that fails says\n"
		"where it differs from the lines. Ink inside a square fails it.\n"
		"\n"
		"The outer wall must have exactly two gaps (entrance and exit); every square\n"
		"reachable, openings == squares - 1 and exactly one route by exhaustive\n"
		"search. A drawing with a route in a colour that is not black (solid,\n"
		"dashed, dotted, dots, curved, over or under the walls) is a solution copy:\n"
		"paired with its maze by the label above each (\"Maze N\", \"Solution N\",\n"
		"\"Answer N\", \"Puzzle N\", \"#N\", in English, German, Spanish and French;\n"
		"\"(page P)\" may be the PDF page or the number printed on it, \"N of M\" is a\n"
		"count), or when it has no label by its walls; it must have the same walls,\n"
		"start at the entrance, end at the exit, cross no wall and be the one route.\n"
		"A label is the word in the singular and its number, on one line above the\n"
		"maze, over or near its columns, and names the nearest maze under it: a\n"
		"title (\"Christmas Mazes 2026\"), a running head or a folio names none, and\n"
		"a maze with no label (the title page's) is proved on its own, unnumbered.\n"
		"Squares are (x,y), counted from 0 at the top-left square.\n"
		"\n"
		"Circular mazes (black arcs around one centre, radial walls pointing at it),\n"
		"hexagonal ones (sides in three directions 60 degrees apart) and triangular\n"
		"ones (rows of up and down triangles, one side direction horizontal, sides\n"
		"running on through vertices) are read too, from their lines as squares are\n"
		"(rendered when anything else paints in them, or with --render): a\n"
		"polar maze's exit is the centre when its rim has one gap, else the second\n"
		"gap; a hexagonal or triangular one has two.\n"
		"\n"
		"Options:\n"
		"  -q, --quiet    print only failures\n"
		"      --any-gaps accept an entrance and exit anywhere in the outer wall\n"
		"                 (by default they must be the top of the top-left square\n"
		"                 and the bottom of the bottom-right one)\n"
		"      --render   judge every maze from its rendering, even where the lines\n"
		"                 alone say exactly what prints\n"
		"      --json     print one JSON object: per maze its page, box (points, y\n"
		"                 down), grid, verdict, reason, route length and the solution\n"
		"                 copy found (its page, paired by label, walls or order),\n"
		"                 and the labels read for the maze and its copy\n"
		"      --max-cpu S  give up after S seconds of CPU time (default 120, 0:\n"
		"                 never); files over 714 MB or 2000 pages are refused\n"
		"  -h, --help     show this help\n"
		"  -V, --version  show the version\n"
		"\n"
		"A drawing that looks like a maze (slanted black lines in two or three\n"
		"directions, 12 sides or more, a straight run counted as the sides it spans;\n"
		"or 120 or more in any directions) that no reader took is reported with its\n"
		"page and place, and fails the run: every maze was proven, or you are told\n"
		"which was not.\n"
		"\n"
		"Exit status: 0 every maze passes; 1 a maze fails, a drawing like a maze was\n"
		"not read, the file cannot be read or holds no maze; 2 usage error.\n", MB_MP_RENDER_RES, MB_MP_INK_SHARE * 100,
		MB_MP_PENCIL_PT);
}

static int cmp_number(const void *a, const void *b)
{
	const struct mb_mp_maze *const *x = a, *const *y = b;

	if ((*x)->number != (*y)->number)
		return (*x)->number < (*y)->number ? -1 : 1;
	return (*x)->page - (*y)->page;
}

/*
 * The options into *opt and *max_cpu; returns -1 to go on, or the exit
 * status when they said all there is to do (--help, --version, a mistake).
 */
static int parse_options(int argc, char **argv, struct options *opt, unsigned long *max_cpu)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "json", no_argument, NULL, 'j' },
		{ "any-gaps", no_argument, NULL, 'g' },
		{ "render", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "max-cpu", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	char *end;
	int c;

	while ((c = getopt_long(argc, argv, "qhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'q':
			opt->quiet = true;
			break;
		case 'j':
			opt->json = true;
			break;
		case 'g':
			opt->any_gaps = true;
			break;
		case 'r':
			opt->render_all = true;
			break;
		case 'c':
			errno = 0;
			*max_cpu = strtoul(optarg, &end, 10);
			if (errno || end == optarg || *end || optarg[0] == '-' ||
			    *max_cpu > MB_MP_MAX_CPU_LIMIT_S) {
				fprintf(stderr, "mazeproof: --max-cpu: '%s' is not a whole number "
					"from 0 to %d\nTry 'mazeproof --help'.\n", optarg,
					MB_MP_MAX_CPU_LIMIT_S);
				return EXIT_USAGE;
			}
			break;
		case 'h':
			usage(stdout);
			return EXIT_PASS;
		case 'V':
			printf("mazeproof (mazebook) %s\n", PACKAGE_VERSION);
			return EXIT_PASS;
		default:
			fprintf(stderr, "Try 'mazeproof --help'.\n");
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "mazeproof: %s\nTry 'mazeproof --help'.\n",
			optind == argc ? "no PDF file given" : "more than one file given");
		return EXIT_USAGE;
	}
	opt->path = argv[optind];
	return -1;
}

static void release_run(struct run *r)
{
	for (size_t k = 0; k < r->n; k++)
		mb_mp_maze_release(&r->mazes[k]);
	for (size_t k = 0; k < r->nerrors; k++)
		free(r->errors[k]);
	free(r->errors);
	free(r->mazes);
	free(r->folios);
}

/* the run's mazes by what they are: numbered puzzles, their solution copies, unnumbered mazes */
struct sorted {
	struct mb_mp_maze **puzzles, **copies, **extras;
	size_t npuz, ncop, nextra;
};

static void sort_mazes(struct run *r, struct sorted *s)
{
	s->puzzles = mb_mp_xmalloc((r->n ? r->n : 1) * sizeof *s->puzzles);
	s->copies = mb_mp_xmalloc((r->n ? r->n : 1) * sizeof *s->copies);
	s->extras = mb_mp_xmalloc((r->n ? r->n : 1) * sizeof *s->extras);
	for (size_t k = 0; k < r->n; k++) {
		struct mb_mp_maze *m = &r->mazes[k];

		if (m->w == 0)
			mb_mp_page_error(r, m->page, m->problem);
		else if (m->number < 0 && m->solution && mb_mp_npuz_labelled(r))
			mb_mp_pair_by_walls(r, m, s->copies, &s->ncop);
		else if (m->number < 0)
			s->extras[s->nextra++] = m;
		else if (m->solution)
			s->copies[s->ncop++] = m;
		else
			s->puzzles[s->npuz++] = m;
	}
	qsort(s->puzzles, s->npuz, sizeof *s->puzzles, cmp_number);
	qsort(s->copies, s->ncop, sizeof *s->copies, cmp_number);
}

/* a maze whose drawing vanished leaves a hole in the numbers */
static void report_missing_numbers(struct run *r, const struct sorted *s)
{
	struct mb_mp_maze **puzzles = s->puzzles;
	size_t npuz = s->npuz;
	char err[400];

	for (size_t k = 1; k < npuz && !r->numbered_by_order; k++) {
		int lo = puzzles[k - 1]->number + 1, hi = puzzles[k]->number - 1;

		if (lo > hi)
			continue;
		if (lo == hi)
			snprintf(err, sizeof err, "no maze %d found (maze numbers run from %d to %d)", lo,
				 puzzles[0]->number, puzzles[npuz - 1]->number);
		else
			snprintf(err, sizeof err, "no mazes %d to %d found (maze numbers run from %d to %d)",
				 lo, hi, puzzles[0]->number, puzzles[npuz - 1]->number);
		mb_mp_page_error(r, 0, err);
	}
}

/* solution copies whose maze is missing */
static void report_orphan_copies(struct run *r, const struct sorted *s)
{
	char err[400];

	for (size_t q = 0; q < s->ncop; q++) {
		bool found = false;

		for (size_t k = 0; k < s->npuz && !found; k++)
			found = s->puzzles[k]->number == s->copies[q]->number;
		if (!found) {
			snprintf(err, sizeof err, "solution copy of maze %d has no maze page",
				 s->copies[q]->number);
			mb_mp_page_error(r, s->copies[q]->page, err);
		}
	}
}

int main(int argc, char **argv)
{
	unsigned long max_cpu = MB_MP_MAX_CPU_S;
	struct options opt = { false, false, false, false, NULL };
	struct run r;
	struct report rep;
	struct sorted s = { 0 };
	struct mb_mp_doc *doc;
	char err[400];
	int status, pages;

	if ((status = parse_options(argc, argv, &opt, &max_cpu)) >= 0)
		return status;
	arm_cpu_limit(max_cpu, opt.path);
	keep_freed_memory();

	doc = mb_mp_doc_open(opt.path, err, sizeof err);
	if (!doc) {
		fprintf(stderr, "mazeproof: %s\n", err);
		return EXIT_FAILED;
	}
	memset(&r, 0, sizeof r);
	memset(&rep, 0, sizeof rep);
	pages = mb_mp_read_all(doc, &r, &opt);
	if (mb_mp_doc_damaged(doc) || r.refused[0]) {
		fprintf(stderr, "mazeproof: cannot read '%s': %s\n", opt.path,
			mb_mp_doc_damaged(doc) ? MB_MP_DAMAGED : r.refused);
		mb_mp_doc_close(doc);
		release_run(&r);
		return EXIT_FAILED;
	}
	mb_mp_doc_close(doc);
	mb_mp_settle_numbers(&r);

	sort_mazes(&r, &s);
	report_missing_numbers(&r, &s);
	for (size_t k = 0; k < s.npuz; k++)
		mb_mp_judge(&rep, &r, s.puzzles, k, s.copies, s.ncop, !opt.any_gaps);
	for (size_t k = 0; k < s.nextra; k++)
		mb_mp_judge_unnumbered(&rep, s.extras[k], !opt.any_gaps);
	report_orphan_copies(&r, &s);

	if (opt.json)
		mb_mp_print_json(&opt, &rep, &r, pages);
	else
		mb_mp_print_text(&opt, &rep, &r, pages);

	release_run(&r);
	free(s.puzzles);
	free(s.copies);
	free(s.extras);
	free(rep.v);
	return rep.nv > 0 && rep.failed == 0 && r.nerrors == 0 ? EXIT_PASS : EXIT_FAILED;
}
