// Types of module-graph.js (plain JavaScript, so ESLint loads it without a build step).
export declare const ROOT: string;
export type UnitImport = { unit: string; source: string };
export type UnitGraph = Map<string, Map<string, string>>;
export declare function resolveImport(fromFile: string, source: string): string | null;
export declare function unitOf(file: string): string | null;
export declare function isTestFile(file: string): boolean;
export declare function listServerFiles(): string[];
export declare function readServerImports(files?: string[]): Map<string, UnitImport[]>;
export declare function buildUnitGraph(imports: Map<string, UnitImport[]>): UnitGraph;
export declare function findPath(graph: UnitGraph, start: string, goal: string): string[] | null;
export declare function findCycles(graph: UnitGraph): string[][];
