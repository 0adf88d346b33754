/**
 * Every call of the product as the teams matrix makes it (issue 34): the REST table and the tRPC
 * router read whole, each call with its workspace rule, and one request of each made as a person
 * naming the owner's show, episode, upload or template (or the owner's workspace by the x-workspace
 * header when it names none), with a minimal body.
 */
import { randomUUID } from 'node:crypto';
import { TEAM } from '@ppp/contracts';
import { REST_ROUTES } from '../../src/http/rest/index.ts';
import type { Access } from '../../src/http/request-context.ts';
import { appRouter } from '../../src/http/trpc/app.router.ts';
import { accessOfProcedure, ruleOfProcedure } from '../../src/http/trpc/init.ts';
import type { WorkspaceRule } from '../../src/http/workspace.ts';
import type { SubjectKind } from '../../src/domain/team/team.repository.ts';

export interface TeamCall {
  /** 'GET /api/podcasts/{id}' or 'podcasts.get'. */
  name: string;
  transport: 'rest' | 'trpc';
  access: Access | undefined;
  rule: WorkspaceRule | undefined;
  /** A read (GET, a query): every role with the action answers as the owner does. */
  reads: boolean;
  /** Removes what it names: each caller allowed to gets a subject of its own. */
  destructive: boolean;
  /** REST: its method and path; tRPC: query or mutation, and whether its input is a form. */
  method: string;
  path: string;
  form: boolean;
}

/** Each path parameter that is no subject: a value the call's schema takes. */
const OTHER_PARAMS: Readonly<Record<string, string>> = {
  key: 'apple_podcasts',
  version: '1',
  category: 'main_content',
  name: 'snippet.mp3',
  index: '0',
  email: 'nobody@example.com',
};

interface Procedure {
  _def: {
    type: 'query' | 'mutation' | 'subscription';
    inputs?: readonly { safeParse?: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }[];
  } & object;
}

/** A procedure whose input is a FormData (covers, uploads, a show with its cover). */
function takesForm(procedure: Procedure): boolean {
  const parsed = procedure._def.inputs?.[0]?.safeParse?.({});
  return !!parsed && !parsed.success && !!parsed.error?.issues.some((issue) => issue.message.includes('FormData'));
}

export function restCalls(): TeamCall[] {
  return REST_ROUTES.map((route) => ({
    name: `${route.method.toUpperCase()} ${route.path}`,
    transport: 'rest' as const,
    access: route.access,
    rule: route.workspace,
    reads: route.method === 'get',
    destructive: route.method === 'delete',
    method: route.method.toUpperCase(),
    path: route.path,
    form: false,
  }));
}

export function trpcCalls(): TeamCall[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;
  return Object.entries(procedures).map(([name, procedure]) => ({
    name,
    transport: 'trpc' as const,
    access: accessOfProcedure(procedure),
    rule: ruleOfProcedure(procedure),
    reads: procedure._def.type === 'query',
    destructive: /\.(delete|remove)\w*$/i.test(name),
    method: procedure._def.type === 'query' ? 'GET' : 'POST',
    path: name,
    form: takesForm(procedure),
  }));
}

export type Subjects = Record<SubjectKind, string>;

/** A request ready to send: where, how, with what. */
export interface TeamRequest {
  url: string;
  init: RequestInit;
}

/** Whether the call finds its subject by id in the path or query the early check reads (else the header names the workspace). */
function namedUpFront(call: TeamCall): boolean {
  const key = call.rule?.subject?.key;
  if (!key) return false;
  if (call.transport === 'trpc') return !call.form;
  return call.path.includes(`{${key}}`) || call.reads;
}

/** Whether the request names the owner's subject by id (an outsider's answer is then the service's 404). */
export const namesSubject = (call: TeamCall): boolean => !!call.rule?.subject && !call.form;

/** The request of `call` as the holder of `token`, naming `subjects` (the owner's) and the owner's workspace where needed. */
export function requestOf(baseUrl: string, call: TeamCall, token: string, subjects: Subjects, ownerId: string): TeamRequest {
  const subject = call.rule?.subject;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (!namedUpFront(call)) headers[TEAM.workspaceHeader] = ownerId;
  const named: Record<string, string> = subject ? { [subject.key]: subjects[subject.kind] } : {};
  if (call.transport === 'trpc') {
    if (call.form) return { url: `${baseUrl}/trpc/${call.path}`, init: { method: 'POST', headers, body: new FormData() } };
    const input = JSON.stringify({ json: named });
    if (call.reads) return { url: `${baseUrl}/trpc/${call.path}?input=${encodeURIComponent(input)}`, init: { headers } };
    return {
      url: `${baseUrl}/trpc/${call.path}`,
      init: { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: input },
    };
  }
  let path = call.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === subject?.key ? (named[name] ?? '') : (OTHER_PARAMS[name] ?? randomUUID()),
  );
  const rest = subject && !call.path.includes(`{${subject.key}}`) ? named : {};
  if (call.reads || call.method === 'DELETE') {
    const query = new URLSearchParams(rest).toString();
    if (query) path += `?${query}`;
    return { url: `${baseUrl}${path}`, init: { method: call.method, headers } };
  }
  return {
    url: `${baseUrl}${path}`,
    init: { method: call.method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(rest) },
  };
}

/** A call's answer: its status and the error message it carried (REST `detail`, tRPC `message`). */
export interface TeamAnswer {
  status: number;
  message: string | null;
  text: string;
}

/** The error message of an answer's body (REST `detail`, tRPC `message`), when it has one. */
function messageOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: { json?: { message?: unknown } } };
    const found = body.detail ?? body.error?.json?.message;
    return typeof found === 'string' ? found : null;
  } catch {
    return null;
  }
}

export async function send(request: TeamRequest): Promise<TeamAnswer> {
  const res = await fetch(request.url, { ...request.init, redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, message: messageOf(text), text };
}
