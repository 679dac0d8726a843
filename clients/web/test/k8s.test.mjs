// deploy/k8s as an operator would apply it, checked without a cluster: kustomization.yaml read as
// kustomize reads it, every object validated against the Kubernetes API schemas (kubernetes-models),
// and what no schema checks: selectors that select, named ports that exist, Pod Security
// "restricted", probes, images, and the router's nginx.conf (nginx -t) and route map.
// Copies broken on purpose must fail, so that the checks are known to bite.
//
//   node test/k8s.test.mjs [DEPLOY_DIR]
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { parseAllDocuments } from "yaml";

const here = dirname(fileURLToPath(import.meta.url));
const DIR = process.argv[2] ?? join(here, "../../../deploy/k8s");

// The objects kustomize would emit: its resources' documents, in its namespace, images replaced.
function build(dir) {
  const k = parseAllDocuments(readFileSync(join(dir, "kustomization.yaml"), "utf8"))[0].toJS();
  const objects = [];
  for (const file of k.resources) {
    for (const doc of parseAllDocuments(readFileSync(join(dir, file), "utf8"))) {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0].message}`);
      const o = doc.toJS();
      if (o === null) continue;
      if (o.kind !== "Namespace" && k.namespace) o.metadata.namespace = k.namespace;
      objects.push({ file, o });
    }
  }
  return { kustomization: k, objects };
}

async function schemaErrors(o) {
  const [group, version] = o.apiVersion.includes("/") ? o.apiVersion.split("/") : ["", o.apiVersion];
  const module = await import(`kubernetes-models/${group ? `${group}/` : ""}${version}`).catch(() => null);
  const Model = module?.[o.kind];
  if (Model === undefined) return [`no schema for ${o.apiVersion} ${o.kind}`];
  try {
    new Model(o).validate();
    return [];
  } catch (e) {
    return [String(e.message ?? e).split("\n")[0]];
  }
}

const WORKLOADS = new Set(["Deployment", "StatefulSet", "DaemonSet"]);
const matches = (selector, labels) => Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v);

// Every problem of the set of objects (empty: none).
async function problems({ kustomization, objects }) {
  const out = [];
  const name = (o) => `${o.kind}/${o.metadata?.name}`;
  for (const { file, o } of objects) for (const e of await schemaErrors(o)) out.push(`${file} ${name(o)}: ${e}`);
  const pods = objects.filter(({ o }) => WORKLOADS.has(o.kind)).map(({ o }) => ({ owner: o, template: o.spec.template }));
  const ports = (pod) => pod.template.spec.containers.flatMap((c) => c.ports ?? []);
  const selecting = (selector) => pods.filter((p) => Object.keys(selector ?? {}).length > 0 && matches(selector, p.template.metadata.labels));
  const images = new Set((kustomization.images ?? []).map((i) => i.name));
  const configMaps = new Set(objects.filter(({ o }) => o.kind === "ConfigMap").map(({ o }) => o.metadata.name));
  const services = new Map(objects.filter(({ o }) => o.kind === "Service").map(({ o }) => [o.metadata.name, o]));

  for (const { o } of objects) {
    if (o.kind === "Service") {
      const chosen = selecting(o.spec.selector);
      if (chosen.length === 0) out.push(`${name(o)}: its selector selects no pods`);
      for (const port of o.spec.ports ?? []) {
        if (typeof port.targetPort === "string" && !chosen.some((p) => ports(p).some((q) => q.name === port.targetPort))) {
          out.push(`${name(o)}: no selected pod declares the port named ${port.targetPort}`);
        }
      }
    }
    if (o.kind === "PodDisruptionBudget" && selecting(o.spec.selector?.matchLabels).length === 0) out.push(`${name(o)}: selects no pods`);
    if (o.kind === "NetworkPolicy") {
      if (selecting(o.spec.podSelector?.matchLabels).length === 0) out.push(`${name(o)}: selects no pods`);
      for (const rule of [...(o.spec.ingress ?? []).flatMap((r) => r.from ?? []), ...(o.spec.egress ?? []).flatMap((r) => r.to ?? [])]) {
        if (rule.podSelector && !rule.namespaceSelector && selecting(rule.podSelector.matchLabels).length === 0) {
          out.push(`${name(o)}: a rule's podSelector selects no pods of this namespace`);
        }
      }
    }
    if (o.kind === "HorizontalPodAutoscaler") {
      const t = o.spec.scaleTargetRef;
      if (!objects.some(({ o: w }) => w.kind === t.kind && w.metadata.name === t.name)) out.push(`${name(o)}: no ${t.kind} ${t.name}`);
    }
    if (o.kind === "Ingress") {
      for (const path of (o.spec.rules ?? []).flatMap((r) => r.http?.paths ?? [])) {
        const s = services.get(path.backend.service.name);
        if (s === undefined) out.push(`${name(o)}: no Service ${path.backend.service.name}`);
        else if (!s.spec.ports.some((p) => p.name === path.backend.service.port.name || p.port === path.backend.service.port.number)) {
          out.push(`${name(o)}: Service ${s.metadata.name} has no port ${JSON.stringify(path.backend.service.port)}`);
        }
      }
    }
    if (o.kind === "StatefulSet") {
      const s = services.get(o.spec.serviceName);
      if (s === undefined || s.spec.clusterIP !== "None") out.push(`${name(o)}: serviceName ${o.spec.serviceName} is not a headless Service here`);
    }
  }
  for (const { owner, template } of pods) {
    const where = name(owner);
    if (!matches(owner.spec.selector.matchLabels, template.metadata.labels)) out.push(`${where}: the selector does not select its own pods`);
    const pod = template.spec;
    // Pod Security Standard "restricted".
    if (pod.securityContext?.runAsNonRoot !== true) out.push(`${where}: runAsNonRoot`);
    if (!["RuntimeDefault", "Localhost"].includes(pod.securityContext?.seccompProfile?.type)) out.push(`${where}: seccompProfile RuntimeDefault`);
    if (pod.hostNetwork || pod.hostPID || pod.hostIPC) out.push(`${where}: host namespaces`);
    for (const v of pod.volumes ?? []) {
      if (v.hostPath) out.push(`${where}: hostPath volume ${v.name}`);
      if (v.configMap && !configMaps.has(v.configMap.name)) out.push(`${where}: no ConfigMap ${v.configMap.name}`);
    }
    for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
      const sc = c.securityContext ?? {};
      if (sc.allowPrivilegeEscalation !== false) out.push(`${where} ${c.name}: allowPrivilegeEscalation false`);
      if (!(sc.capabilities?.drop ?? []).includes("ALL")) out.push(`${where} ${c.name}: drop ALL capabilities`);
      if (sc.privileged) out.push(`${where} ${c.name}: privileged`);
      if (!images.has(c.image)) out.push(`${where} ${c.name}: image ${c.image} is not one kustomization.yaml's images: sets`);
      if (!c.readinessProbe) out.push(`${where} ${c.name}: no readiness probe`);
      else if ((c.readinessProbe.failureThreshold ?? 3) < 2) out.push(`${where} ${c.name}: a readiness probe that fails on one missed check`);
      if (!c.resources?.requests?.memory || !c.resources?.limits?.memory) out.push(`${where} ${c.name}: memory request and limit`);
    }
  }
  for (const i of kustomization.images ?? []) {
    if (!i.newTag || i.newTag === "latest" || !i.newName?.includes("/")) out.push(`images: ${i.name}: a registry name and a fixed tag`);
  }
  return out;
}

const results = [];
async function check(what, body) {
  try {
    await body();
    results.push(true);
    console.log(`ok   ${what}`);
  } catch (e) {
    results.push(false);
    console.log(`FAIL ${what}\n${e.stack ?? e}`);
  }
}

const shipped = build(DIR);

await check("every object is valid and the set holds together", async () => {
  assert.deepEqual(await problems(shipped), []);
  const kinds = new Set(shipped.objects.map(({ o }) => o.kind));
  for (const k of ["Namespace", "StatefulSet", "Deployment", "Service", "ConfigMap", "Ingress", "PodDisruptionBudget", "HorizontalPodAutoscaler", "NetworkPolicy"]) {
    assert.ok(kinds.has(k), `no ${k}`);
  }
});

await check("copies broken on purpose are caught", async () => {
  const broken = [
    ["a pod without seccomp", (o) => o.kind === "StatefulSet" && delete o.spec.template.spec.securityContext.seccompProfile, /seccompProfile/],
    ["a Service that selects nothing", (o) => o.kind === "Service" && o.metadata.name === "kibitzerd" && (o.spec.selector = { app: "nothing" }), /selects no pods/],
    ["a wrong type", (o) => o.kind === "StatefulSet" && (o.spec.replicas = "three"), /replicas/],
    ["a readiness probe that fails once", (o) => o.kind === "StatefulSet" && (o.spec.template.spec.containers[0].readinessProbe.failureThreshold = 1), /missed check/],
    ["an image of no registry", (o) => o.kind === "Deployment" && (o.spec.template.spec.containers[0].image = "nginx:latest"), /image nginx:latest/],
    ["a port name no pod declares", (o) => o.kind === "Service" && o.metadata.name === "kibitzer-router" && (o.spec.ports[0].targetPort = "https"), /port named https/],
  ];
  for (const [what, mutate, expected] of broken) {
    const copy = structuredClone(shipped);
    assert.ok(copy.objects.some(({ o }) => mutate(o)), `${what}: nothing to break`);
    const found = await problems(copy);
    assert.ok(found.some((p) => expected.test(p)), `${what}: not caught (${found.join("; ")})`);
  }
});

await check("the router's nginx.conf passes nginx -t, and its map routes an id to its pod", async () => {
  const map = shipped.objects.find(({ o }) => o.kind === "ConfigMap" && o.metadata.name === "kibitzer-router").o;
  const conf = map.data["nginx.conf"];
  // nginx's regex, in JavaScript: the id kibitzerd --replica=kibitzerd-1 makes names its pod.
  const route = /"~(\^\[sp\]-\(\?<pod>[^"]+)"/.exec(conf)[1];
  const pod = new RegExp(route).exec(`s-kibitzerd-1-${"0123456789abcdef".repeat(2)}`)?.groups?.pod;
  assert.equal(pod, "kibitzerd-1");
  assert.equal(new RegExp(route).exec("s-evil.example-123"), null);
  // nginx -t with a local resolver and test certificates in place of the cluster's.
  const dir = mkdtempSync(join(tmpdir(), "k8s-router-"));
  execFileSync("sh", ["-c",
    "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=t -keyout tls.key -out tls.crt && cp tls.crt ca.crt"],
  { cwd: dir, stdio: "ignore" });
  const local = conf
    .replace(/resolver [^;]+;/, "resolver 127.0.0.1;")
    .replaceAll("/etc/kibitzer/tls/", `${dir}/`)
    .replace(/(pid|_temp_path) \/tmp\//g, `$1 ${dir}/`);
  writeFileSync(join(dir, "nginx.conf"), local);
  execFileSync("nginx", ["-t", "-q", "-e", `${dir}/error.log`, "-p", dir, "-c", join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
});

const failed = results.filter((ok) => !ok).length;
console.log(`${results.length - failed}/${results.length} deploy/k8s checks passed`);
process.exit(failed === 0 ? 0 : 1);
