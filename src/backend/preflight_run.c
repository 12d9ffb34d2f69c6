/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * mb_preflight_run: the one call `mazebook check` and `mazebook build`
 * make. Probes the PDFs (MuPDF backend), hashes them and the spec (core
 * SHA-256) and runs the core checks. Kept out of libmbcore because it
 * needs the probe; it includes no third-party header itself.
 */
#include "config.h"
#include "mazebook/preflight.h"

#include <stdlib.h>
#include <string.h>

/* refuse files this much larger than KDP accepts: their size fails anyway */
#define PROBE_MARGIN_BYTES (64ull << 20)

/* record path's hash under the name `as`, or its path relative to dir */
static enum mb_status add_hashed(struct mb_checklist *cl, const char *role, const char *path,
				 const char *as, const char *dir, struct mb_error *err)
{
	char hex[MB_SHA256_HEX_SIZE];
	unsigned long long bytes;
	enum mb_status st = mb_sha256_file(path, hex, &bytes, err);
	char *name;

	if (st != MB_OK)
		return st;
	name = as ? strdup(as) : mb_path_relative(path, dir);
	if (!name)
		return mb_error_set(err, MB_ERR_INTERNAL, "out of memory");
	mb_checklist_add_file(cl, role, name, hex, bytes);
	free(name);
	return MB_OK;
}

enum mb_status mb_preflight_run(const struct mb_preflight_options *opts,
				struct mb_checklist *cl, struct mb_error *err)
{
	struct mb_probe_file interior = { 0 }, cover = { 0 };
	struct mb_probe_options popts = {
		.max_bytes = (unsigned long long)(mb_kdp.max_file_mb * 1e6) + PROBE_MARGIN_BYTES,
	};
	struct mb_interior_result res;
	const char *dir = opts->checklist_dir ? opts->checklist_dir : ".";
	enum mb_status st;

	if (!opts->interior_path)
		BUG("mb_preflight_run without an interior");
	if ((st = mb_probe_pdf(opts->interior_path, &popts, &interior, err)) != MB_OK)
		goto out;
	if (opts->cover_path) {
		popts.keep_items = true;
		popts.max_bytes = (unsigned long long)(mb_kdp.max_cover_file_mb * 1e6) +
				  PROBE_MARGIN_BYTES;
		if ((st = mb_probe_pdf(opts->cover_path, &popts, &cover, err)) != MB_OK)
			goto out;
	}
	if ((st = add_hashed(cl, "file", opts->interior_path, opts->interior_as, dir, err)) != MB_OK ||
	    (opts->cover_path && (st = add_hashed(cl, "file", opts->cover_path, opts->cover_as, dir, err)) != MB_OK) ||
	    (opts->spec_path && (st = add_hashed(cl, "spec", opts->spec_path, opts->spec_as, dir, err)) != MB_OK))
		goto out;
	mb_preflight_interior(&interior, &opts->params, cl, &res);
	if (opts->cover_path) {
		if (res.trim_known)
			mb_preflight_cover_for(&cover, &res.trim, res.pages,
					       &(struct mb_print){ opts->params.binding,
								   opts->params.ink,
								   opts->params.paper }, cl);
		else
			mb_checklist_add(cl, "cover.size", MB_CHECK_FAIL, "", "not checked",
					 "the interior's trim",
					 "not checked: the interior's trim is unknown (give --trim)");
	}
out:
	mb_probe_release(&interior);
	mb_probe_release(&cover);
	return st;
}
