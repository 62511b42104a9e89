export interface SharedRecord {
	pid: number;
	url: string;
	cookie: string;
	logFile: string;
}
export declare function readRecord(runDir: string): SharedRecord | undefined;
export declare function writeRecord(runDir: string, record: SharedRecord): void;
export declare function stopRecorded(runDir: string, graceMs?: number): Promise<void>;
export declare function answers(url: string): Promise<boolean>;
