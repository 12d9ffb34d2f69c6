/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * An SVG shape must be drawn from its own text (svg_refs.h). librsvg
 * decodes every picture an SVG embeds or links, whole and whatever its
 * size: a 100 KB shape holding a 19,999 x 19,999 PNG as a data: URL took
 * 2.7 GB. So before librsvg sees the file, libxml2 reads it (entities
 * expanded, as librsvg would, within libxml2's own bounds) and anything
 * that reaches outside the text is refused.
 */
#include "config.h"

#include <libxml/xmlreader.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "svg_refs.h"

/* the first reference in a url(...) that is not to this file's own elements ("#id") */
static const char *outside_url(const char *s)
{
	const char *p;

	for (p = strstr(s, "url("); p; p = strstr(p + 4, "url(")) {
		const char *q = p + 4;

		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r' || *q == '"' ||
		       *q == '\'')
			q++;
		if (*q != '#')
			return p;
	}
	return NULL;
}

/* name is want, with or without a prefix (an undeclared "svg:" stays in the name) */
static bool is(const xmlChar *name, const char *want)
{
	const char *n = (const char *)name, *colon;

	if (!n)
		return false;
	colon = strrchr(n, ':');
	return !strcmp(colon ? colon + 1 : n, want);
}

/* an external entity (<!ENTITY x SYSTEM "/etc/passwd">) is not read: not even a file */
static xmlParserInputPtr no_entity_files(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
	(void)url;
	(void)id;
	(void)ctxt;
	return NULL;
}

/* why the node the reader is on brings something in, or NULL */
static const char *outside_node(xmlTextReaderPtr r, char *why, size_t size)
{
	int type = xmlTextReaderNodeType(r);
	const xmlChar *name = xmlTextReaderConstLocalName(r);

	if (type == XML_READER_TYPE_PROCESSING_INSTRUCTION && is(name, "xml-stylesheet"))
		return "an xml-stylesheet (a style sheet from another file)";
	if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA) {
		const char *text = (const char *)xmlTextReaderConstValue(r);

		if (text && strstr(text, "@import"))
			return "a style sheet @import";
		if (text && outside_url(text))
			return "a url() to something outside the file, in its style";
		return NULL;
	}
	if (type != XML_READER_TYPE_ELEMENT)
		return NULL;
	if (is(name, "image") || is(name, "feImage"))
		return "a picture (an <image> or <feImage> element)";
	if (is(name, "include"))
		return "an XInclude";
	while (xmlTextReaderMoveToNextAttribute(r) == 1) {
		const xmlChar *attr = xmlTextReaderConstLocalName(r);
		const char *value = (const char *)xmlTextReaderConstValue(r);

		if (!value)
			continue;
		if (is(attr, "href") && value[strspn(value, " \t\r\n")] != '#') {
			snprintf(why, size, "a link to '%.60s'", value);
			return why;
		}
		if (outside_url(value)) {
			snprintf(why, size, "a url() to something outside the file, in '%.40s'",
				 (const char *)attr);
			return why;
		}
	}
	xmlTextReaderMoveToElement(r);
	return NULL;
}

enum mb_status mb_svg_refs_check(const char *path, const unsigned char *data, size_t len,
				 struct mb_error *err)
{
	xmlTextReaderPtr r;
	char why[128];
	const char *outside = NULL;
	int rc = 0;

	if (len > INT32_MAX)
		return mb_error_set(err, MB_ERR_LIMIT, "shape '%s' is too large", path);
	/* librsvg parses with libxml2 too: this holds for it as well */
	xmlSetExternalEntityLoader(no_entity_files);
	/* NOENT: entities expanded as librsvg expands them; NONET: no fetching */
	r = xmlReaderForMemory((const char *)data, (int)len, NULL, NULL,
			       XML_PARSE_NOENT | XML_PARSE_NONET | XML_PARSE_NOERROR |
			       XML_PARSE_NOWARNING);
	if (!r)
		return mb_error_set(err, MB_ERR_INPUT, "shape '%s' is not an SVG file", path);
	while (!outside && (rc = xmlTextReaderRead(r)) == 1)
		outside = outside_node(r, why, sizeof(why));
	if (outside) {
		long line;

		xmlTextReaderMoveToElement(r);
		line = xmlGetLineNo(xmlTextReaderCurrentNode(r));

		xmlFreeTextReader(r);
		return mb_error_set(err, MB_ERR_INPUT,
				    "shape '%s' holds %s (line %ld): a shape is drawn from its "
				    "own outlines only; draw it with paths, or give a picture as "
				    "a .png shape", path, outside, line);
	}
	xmlFreeTextReader(r);
	if (rc != 0)
		return mb_error_set(err, MB_ERR_INPUT, "shape '%s' is not a well-formed SVG file",
				    path);
	return MB_OK;
}
