// SPDX-License-Identifier: GPL-3.0-or-later
// What the browser test measures inside a Diskometer web page, evaluated by the DevTools protocol
// (Runtime.evaluate runs although the page's Content-Security-Policy forbids every script).
// A function of the width the page must fit (the viewport asked for: a phone's browser widens its
// viewport to a page that does not fit, so innerWidth cannot be trusted); it returns plain values
// for html_reports_test.py to judge, so the failures it prints say what the page showed.
((width) => {
    const main = document.querySelector("main.report");
    const view = { width: window.innerWidth, height: window.innerHeight };

    // The colour an element is drawn on: the first ancestor's background that is not transparent
    // (the canvas's white when none is; Chromium paints the root's background over the canvas).
    const parseColour = (text) => {
        const m = text.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/);
        return m ? { r: +m[1], g: +m[2], b: +m[3], a: m[4] === undefined ? 1 : +m[4] } : null;
    };
    const backgroundOf = (el) => {
        for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
            const c = parseColour(getComputedStyle(e).backgroundColor);
            if (c && c.a > 0.5)
                return c;
        }
        return { r: 255, g: 255, b: 255, a: 1 };
    };
    // WCAG 2 relative luminance and contrast ratio.
    const luminance = (c) => {
        const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
    };
    const contrast = (a, b) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
    };
    const describe = (el) => {
        let d = el.tagName.toLowerCase();
        if (el.id) d += "#" + el.id;
        if (typeof el.className === "string" && el.className) d += "." + el.className.trim().split(/\s+/).join(".");
        else if (el.className && el.className.baseVal) d += "." + el.className.baseVal.trim().split(/\s+/).join(".");
        const text = (el.textContent || "").trim().replace(/\s+/g, " ");
        return d + (text ? ` "${text.slice(0, 40)}"` : "");
    };
    const visible = (el) => {
        // A closed <details> keeps its content laid out (Chromium), but does not draw it.
        const closed = el.closest("details:not([open])");
        if (closed && !el.closest("summary")) return false;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) return false;
        const s = getComputedStyle(el);
        return s.visibility !== "hidden" && s.display !== "none" && +s.opacity !== 0;
    };
    // Inside a box that scrolls sideways on its own (a wide table, the text report's <pre>), or
    // in a closed <details> (not drawn): what sticks out there does not widen the page.
    const scrollsInOwnBox = (el) => {
        for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
            const o = getComputedStyle(e).overflowX;
            if (o === "auto" || o === "scroll") return e;
        }
        return null;
    };

    // SVG text is drawn on the last shape before it that lies under its middle (a figure inside
    // its bar), or on the SVG's own background.
    const svgBackgroundOf = (text) => {
        const svg = text.ownerSVGElement || text;
        const t = text.getBoundingClientRect();
        const x = t.left + t.width / 2, y = t.top + t.height / 2;
        let under = null;
        for (const shape of svg.querySelectorAll("rect,circle,path,polygon")) {
            if (shape.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_PRECEDING) break;
            const r = shape.getBoundingClientRect();
            const fill = parseColour(getComputedStyle(shape).fill);
            if (fill && fill.a > 0.5 && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) under = fill;
        }
        return under || backgroundOf(svg);
    };

    const all = Array.from(document.querySelectorAll("body *"));
    const bodyBackground = backgroundOf(document.body);

    // Past the right edge of the viewport (half a pixel of rounding allowed), outside a box that
    // scrolls on its own.
    const overflowing = [];
    for (const el of all) {
        if (!visible(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.right <= width + 0.5 && r.left >= -0.5) continue;
        const box = scrollsInOwnBox(el);
        if (box && box.getBoundingClientRect().right <= width + 0.5) continue;
        overflowing.push(`${describe(el)} spans ${Math.round(r.left)}..${Math.round(r.right)} px`);
    }
    // Text cut off: a box that hides what overflows it (not one that scrolls) with more in it
    // than it shows. An ellipsis says so to the reader; such boxes are listed apart.
    const clipped = [], ellipsised = [];
    for (const el of all) {
        if (!visible(el) || !el.textContent.trim()) continue;
        const s = getComputedStyle(el);
        if (s.overflowX !== "hidden" && s.overflowX !== "clip") continue;
        // Words for screen readers only (a tile's unit): hidden in a 1 px box on purpose.
        const box = el.getBoundingClientRect();
        if (box.width <= 1 && box.height <= 1) continue;
        if (el.scrollWidth <= el.clientWidth + 1) continue;
        // A tile hides its meter's rounded corner, not text: only its text's own width counts.
        const texts = Array.from(el.childNodes).filter((n) => n.nodeType === 3 && n.textContent.trim());
        const kids = Array.from(el.children).filter(visible);
        const widest = Math.max(0, ...kids.map((k) => k.getBoundingClientRect().right));
        const sticksOut = texts.length > 0 || widest > el.getBoundingClientRect().right + 1;
        if (!sticksOut) continue;
        (s.textOverflow === "ellipsis" ? ellipsised : clipped).push(
            `${describe(el)}: ${el.scrollWidth} px of text in ${el.clientWidth} px`);
    }
    // Every element that holds text of its own, against what it is drawn on. SVG text is painted
    // with its fill, HTML text with its colour.
    const lowContrast = [];
    for (const el of all) {
        if (!visible(el)) continue;
        const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own || el.closest("script,style,title")) continue;
        const s = getComputedStyle(el);
        const fg = parseColour(el instanceof SVGElement ? s.fill : s.color);
        if (!fg) continue;
        const bg = el instanceof SVGElement ? svgBackgroundOf(el) : backgroundOf(el);
        const ratio = contrast(fg, bg);
        if (ratio < 4.5)
            lowContrast.push({ what: describe(el), ratio: Math.round(ratio * 100) / 100,
                fg: `rgb(${fg.r}, ${fg.g}, ${fg.b})`, bg: `rgb(${bg.r}, ${bg.g}, ${bg.b})` });
    }

    // Text drawn over other text (axis ticks too close, a figure over a label): every line box of
    // every text node the reader sees, pairwise. Two pixels allowed: a line box is the font's
    // whole height, taller than its glyphs.
    const boxes = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!n.textContent.trim() || el.closest("script,style,title") || !visible(el)) continue;
        if (el.getBoundingClientRect().width <= 1) continue; // for screen readers only
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects())
            if (r.width > 0 && r.height > 0) boxes.push({ r, what: describe(el) });
    }
    const overlapping = [];
    for (let i = 0; i < boxes.length; ++i) {
        for (let j = i + 1; j < boxes.length; ++j) {
            const a = boxes[i].r, b = boxes[j].r;
            const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (x > 2 && y > 2)
                overlapping.push(`${boxes[i].what} and ${boxes[j].what} (${Math.round(x)}x${Math.round(y)} px)`);
        }
    }

    const tiles = Array.from(document.querySelectorAll(".tile")).map((t) => ({
        test: t.dataset.test, direction: t.dataset.direction,
        value: (t.querySelector(".value") || {}).textContent, unit: (t.querySelector(".unit") || {}).textContent,
    }));
    const bars = Array.from(document.querySelectorAll("rect.bar")).map((b) => ({
        value: b.getAttribute("data-value"),
        width: b.getBoundingClientRect().width, height: b.getBoundingClientRect().height,
    }));
    const script = document.getElementById("diskometer-report");
    const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
    // What a payload in the data would have made: elements that load, run or handle events.
    const loading = ["IMG", "IFRAME", "OBJECT", "EMBED", "LINK", "AUDIO", "VIDEO", "SOURCE", "IMAGE"];
    const loaders = all.filter((el) => loading.includes(el.tagName.toUpperCase()))
        .map(describe);
    const scripts = Array.from(document.querySelectorAll("script")).map((s) => ({ type: s.type, id: s.id }));
    const handlers = [], links = [];
    for (const el of document.querySelectorAll("*")) {
        for (const a of el.attributes) {
            if (/^on/i.test(a.name)) handlers.push(`${describe(el)} ${a.name}`);
            const loads = /^(src|href|xlink:href|srcset|action|formaction|data|poster|background)$/i;
            if (loads.test(a.name) && !/^#/.test(a.value))
                links.push(`${describe(el)} ${a.name}="${a.value}"`);
        }
    }
    // The page's words as a reader sees them (the JSON block and style sheet left out).
    const shown = main
        ? Array.from(main.childNodes).filter((n) => n !== script).map((n) => n.textContent).join("\n") : "";
    // The same strings where a reader meets them: in the header and in attributes (tooltips).
    const titles = Array.from(document.querySelectorAll("[title]")).map((e) => e.getAttribute("title"));
    const svgTitles = Array.from(document.querySelectorAll("svg title")).map((e) => e.textContent);

    return {
        view, lang: document.documentElement.lang, kind: main && main.dataset.kind, title: document.title,
        scrollWidth: document.documentElement.scrollWidth, bodyScrollWidth: document.body.scrollWidth,
        background: getComputedStyle(document.body).backgroundColor, bodyBackground,
        backgroundLuminance: luminance(bodyBackground),
        textColour: getComputedStyle(document.body).color,
        overflowing, clipped, ellipsised, lowContrast, overlapping,
        tiles, bars, figures: Array.from(document.querySelectorAll("text.figure")).map((t) => t.textContent),
        tables: Array.from(document.querySelectorAll("table.figures")).map((t) =>
            Array.from(t.rows).map((r) => Array.from(r.cells).map((c) => c.textContent.trim()))),
        json: script ? script.textContent : null, jsonType: script && script.type,
        csp: csp && csp.content, scripts, loaders, handlers, links,
        pwned: typeof window.__dm_pwned === "undefined" ? null : String(window.__dm_pwned),
        shown, titles, svgTitles,
        textReportShown: Array.from(document.querySelectorAll("details.text-report")).some(visible),
        drive: Array.from(document.querySelectorAll("header .drive")).map((p) => p.textContent),
        comment: Array.from(document.querySelectorAll("header .comment")).map((p) => p.textContent),
    };
})
