/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The build manifest as JSON; see include/mazebook/manifest.h. */
#include "config.h"
#include "mazebook/manifest.h"

#include "mazebook/json.h"

void mb_manifest_write(FILE *f, const struct mb_book_spec *spec, const struct mb_book *book,
		       const struct mb_manifest_info *info)
{
	fprintf(f, "{\n  \"tool\": \"mazebook %s\",\n  \"title\": ", PACKAGE_VERSION);
	mb_json_string(f, spec->title);
	fprintf(f, ",\n  \"level\": ");
	mb_json_string(f, spec->level->name);
	fprintf(f, ",\n  \"seed\": %llu,\n  \"algorithm\": ", (unsigned long long)spec->seed);
	mb_json_string(f, spec->algorithm ? spec->algorithm : "auto");
	/* null: each generator's own start; every maze names the one it used */
	fprintf(f, ",\n  \"start\": ");
	if (spec->start != MB_START_DEFAULT)
		mb_json_string(f, mb_start_name(spec->start));
	else
		fprintf(f, "null");
	fprintf(f, ",\n  \"grid\": [%d, %d],\n  \"filter\": {\"min_route_ratio\": %.4g, \"min_forks\": %d},\n",
		spec->grid_w, spec->grid_h, spec->filter.min_route_ratio, spec->filter.min_forks);
	fprintf(f, "  \"trim_in\": [%.4g, %.4g],\n  \"paper\": \"%s\",\n  \"bleed\": %s,\n",
		spec->trim.w_in, spec->trim.h_in, mb_kdp_paper_name(spec->paper),
		spec->bleed ? "true" : "false");
	fprintf(f, "  \"pages\": %d,\n  \"spine_in\": %.4f,\n  \"mazes\": [\n",
		info->pages, info->spine_in);
	for (size_t i = 0; i < book->count; i++) {
		const struct mb_book_maze *bm = &book->mazes[i];
		const struct mb_measures *ms = &bm->measures;

		fprintf(f, "    {\"number\": %d, \"page\": %d, \"generator\": \"%s\", \"seed\": %llu, "
			"\"start\": %s%s%s, \"size\": [%d, %d], \"route\": %d, \"route_ratio\": %.4f, \"forks\": %d, "
			"\"dead_end_share\": %.4f, \"turns\": %d, \"longest_dead_end\": %d, "
			"\"attempts\": %d}%s\n",
			bm->number, info->maze_pages ? info->maze_pages[i] : 0, bm->gen->name,
			(unsigned long long)bm->seed, bm->start ? "\"" : "",
			bm->start ? mb_start_name(bm->start) : "null", bm->start ? "\"" : "",
			bm->maze->w, bm->maze->h, ms->route,
			ms->route_ratio, ms->forks, ms->dead_end_share, ms->turns,
			ms->longest_dead_end, bm->attempts, i + 1 < book->count ? "," : "");
	}
	fprintf(f, "  ]\n}\n");
}
