/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * What the preflight's files (src/kdp/preflight_*.c) share, private to
 * src/kdp: lengths as text, page lists, and the checks one file runs and
 * another defines. Pages are numbered from 1; odd pages bind on the left.
 */
#ifndef MAZEBOOK_KDP_PREFLIGHT_INTERNAL_H
#define MAZEBOOK_KDP_PREFLIGHT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "mazebook/kdp/kdp.h"
#include "mazebook/kdp/preflight.h"
#include "mazebook/kdp/probe.h"

#define EPS_IN 0.0005		/* numeric slack when comparing lengths */
#define SIZE_MATCH_IN 0.005	/* page sizes match to this (as KDP's trims do) */
#define PAGES_TEXT_MAX 80

static inline double in_of(double pt) { return pt / MB_PT_PER_IN; }

/* "s" unless there is exactly one: "1 page", "2 pages" */
static inline const char *plural(long long n) { return n == 1 ? "" : "s"; }

/* a length in inches with at most 3 decimals, trailing zeros dropped */
const char *pf_fin(char *buf, size_t size, double v);

#define IN(v) pf_fin((char[32]){ 0 }, 32, (v))

/* a set of page numbers, kept in order */
struct pagelist {
	int *pages;
	size_t count;
};

/* the interior's trim as the checks found it */
struct geom {
	bool known;
	struct mb_trim trim;
	bool bleed;
	double page_w_in, page_h_in;	/* expected page size */
};

/* preflight_file.c: page lists */
void pf_pl_add(struct pagelist *pl, int page);
/* "4, 6, 10-12 (+3 more)" */
const char *pf_pl_text(const struct pagelist *pl, char *buf, size_t size);
void pf_pl_free(struct pagelist *pl);
/* a page joins the list once, in order */
void pf_pl_once(struct pagelist *pl, int page);
/* "page 3" / "pages 3-24" */
const char *pf_on_pages(const struct pagelist *pl, char *buf, size_t size);
/* one check over pages: the list names them, a failure marks each page */
void pf_add_paged(struct mb_checklist *cl, const char *id, enum mb_check_status st,
	       const struct pagelist *pl, const char *measured, const char *limit,
	       const char *message);

/* preflight_file.c: the checks of any PDF, interior or cover */
void pf_check_encryption(const struct mb_probe_file *f, const char *id,
		      struct mb_checklist *cl);
void pf_check_file_size(const struct mb_probe_file *f, const char *id, double max_mb,
		     struct mb_checklist *cl);
void pf_check_fonts(const struct mb_probe_file *f, const char *id, struct mb_checklist *cl);
void pf_check_font_size(const struct mb_probe_file *f, const char *id,
		     struct mb_checklist *cl);
void pf_check_images(const struct mb_probe_file *f, const char *id, struct mb_checklist *cl);
void pf_check_invisible_in(const struct mb_probe_file *f, bool cover, struct mb_checklist *cl);
void pf_check_invisible(const struct mb_probe_file *f, struct mb_checklist *cl);

/* preflight_interior.c: the interior's geometry and verdicts */
/* the trim box of a page in points: bleed sits outside, top and bottom */
struct mb_box_pt pf_trim_box(const struct geom *g, int page);
bool pf_right_size(const struct geom *g, const struct mb_probe_page *p);
enum mb_check_status pf_judge_min(double value, double need);
enum mb_check_status pf_worse(enum mb_check_status a, enum mb_check_status b);

/* preflight_objects.c: each painted object */
/* what an object is, for a publisher */
const char *pf_what_item(const struct mb_probe_item *it);
void pf_add_not_measured(struct mb_checklist *cl, const char *id, const char *limit,
		      const char *why);
void pf_check_objects(const struct mb_probe_file *f, const struct geom *g,
		   struct mb_checklist *cl);
void pf_check_crop_marks(const struct mb_probe_file *f, const struct geom *g, bool cover,
		      struct mb_checklist *cl);
void pf_check_line_weight(const struct mb_probe_file *f, struct mb_checklist *cl);

/* preflight_text.c */
void pf_check_placeholders(const struct mb_probe_file *f, bool cover, struct mb_checklist *cl);

#endif
