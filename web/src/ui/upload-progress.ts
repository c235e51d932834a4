/** Runs an upload, its progress (0 to 1) in `setProgress` while it runs and null after. */
export async function withProgress<T>(
  setProgress: (fraction: number | null) => void,
  upload: (report: (fraction: number) => void) => Promise<T>,
): Promise<T> {
  setProgress(0);
  try {
    return await upload(setProgress);
  } finally {
    setProgress(null);
  }
}
