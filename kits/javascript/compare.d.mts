/** One case of the suite's JSON file, as far as the comparison reads it. */
export interface SuiteCase {
    expect: {
        result: unknown;
    } | {
        rejected: {
            code: string;
            index?: number | null;
        };
    };
    unordered: readonly string[];
    partial?: readonly string[];
}
/** Where a value sits in a case's expected value, and how its arrays and objects compare. */
export interface MatchOptions {
    unordered?: readonly string[];
    partial?: readonly string[];
    pointer?: string;
}
/** Whether actual matches expected at a JSON Pointer, with a case's unordered arrays and
 * partial objects. */
export declare function valueMatches(expected: unknown, actual: unknown, options?: MatchOptions): boolean;
/** Whether a reply (the engine's parsed reply line) passes a case of the suite's JSON file,
 * as the file's "comparison" says. */
export declare function caseMatches(kase: SuiteCase, reply: unknown): boolean;
