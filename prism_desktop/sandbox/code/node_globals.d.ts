// Node's globals and built-in modules for tsc in the code sandbox, loosely typed: Debian ships no
// @types/node, and without these a candidate using console, process or require would not type-check.
// Anything more specific is the candidate's own typing.
declare var console: any;
declare var process: any;
declare var module: any;
declare var exports: any;
declare var __dirname: string;
declare var __filename: string;
declare var Buffer: any;
declare var global: any;
declare function require(id: string): any;
declare function setTimeout(handler: (...args: any[]) => void, ms?: number, ...args: any[]): any;
declare function clearTimeout(handle: any): void;
declare function setInterval(handler: (...args: any[]) => void, ms?: number, ...args: any[]): any;
declare function clearInterval(handle: any): void;
declare function setImmediate(handler: (...args: any[]) => void, ...args: any[]): any;
declare function queueMicrotask(callback: () => void): void;
declare function structuredClone<T>(value: T): T;
declare class TextEncoder { encode(input?: string): Uint8Array; }
declare class TextDecoder { constructor(label?: string); decode(input?: Uint8Array): string; }
declare class URL { constructor(url: string, base?: string); [key: string]: any; }
declare class URLSearchParams { constructor(init?: any); [key: string]: any; }
declare module "node:test";
declare module "node:assert";
declare module "node:assert/strict";
declare module "assert";
declare module "fs";
declare module "node:fs";
declare module "fs/promises";
declare module "node:fs/promises";
declare module "path";
declare module "node:path";
declare module "os";
declare module "node:os";
declare module "util";
declare module "node:util";
declare module "events";
declare module "node:events";
declare module "crypto";
declare module "node:crypto";
declare module "child_process";
declare module "node:child_process";
declare module "url";
declare module "node:url";
