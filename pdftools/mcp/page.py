"""The upload page at `GET /`, for people in GUI chat clients whose attachments never reach the server.

Drop or pick files; each upload shows its `pdftools://files/...` URI with a copy button, to paste into the
chat; the page also lists the files the server holds for it (uploads, and outputs of sessionless calls) with
download links. Plain HTML and a little JavaScript, no build step. A browser cannot add a header to a page
load, so the page is opened as `/?token=...`; its scripts then send the token as a bearer header.
"""

from __future__ import annotations

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pdftools: upload</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
 body{font:15px system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}
 #drop{border:2px dashed #888;border-radius:8px;padding:2rem;text-align:center}
 #drop.over{background:#eef}
 li{margin:.4rem 0} code{background:#f3f3f3;padding:.1rem .3rem;border-radius:3px;word-break:break-all}
 .err{color:#b00}
</style></head><body>
<h1>pdftools</h1>
<p>Upload files here, then paste their URI into your chat: every pdftools tool accepts it as a file.</p>
<div id="drop">Drop files here or <input id="pick" type="file" multiple></div>
<h2>Uploaded</h2><ul id="uploads"></ul>
<h2>Files on the server</h2><ul id="files"></ul>
<script>
const token = new URLSearchParams(location.search).get("token") || "";
const auth = token ? {"Authorization": "Bearer " + token} : {};
const el = (tag, text) => { const e = document.createElement(tag); if (text) e.textContent = text; return e; };

function row(list, name, uri, link) {
  const li = el("li"); li.append(el("strong", name + " "), el("code", uri));
  const copy = el("button", "copy"); copy.className = "copy";
  copy.onclick = () => navigator.clipboard.writeText(uri).then(() => copy.textContent = "copied");
  li.append(" ", copy);
  if (link) { const a = el("a", "download"); a.href = link + (token ? "?token=" + token : ""); li.append(" ", a); }
  list.append(li);
}

async function upload(file) {
  const res = await fetch("upload?name=" + encodeURIComponent(file.name), {method: "POST", headers: auth,
                                                                          body: file});
  const body = await res.json();
  if (!res.ok) { const li = el("li", file.name + ": " + body.error.message); li.className = "err";
                 document.getElementById("uploads").append(li); return; }
  row(document.getElementById("uploads"), body.name, body.uri, body.download_url);
  refresh();
}

async function refresh() {
  const res = await fetch("files", {headers: auth});
  const list = document.getElementById("files"); list.replaceChildren();
  for (const f of (await res.json()).files) row(list, f.name, f.uri, f.download_url);
}

const drop = document.getElementById("drop");
drop.ondragover = e => { e.preventDefault(); drop.classList.add("over"); };
drop.ondragleave = () => drop.classList.remove("over");
drop.ondrop = e => { e.preventDefault(); drop.classList.remove("over"); [...e.dataTransfer.files].forEach(upload); };
document.getElementById("pick").onchange = e => [...e.target.files].forEach(upload);
refresh();
</script></body></html>
"""
