// Grey placeholders in the shape of what is coming, so the layout does not jump when data arrives.

export function SkeletonRows({ rows, columns, label }: { rows: number; columns: number; label: string }) {
  return (
    <div className="skeleton-table" role="status" aria-label={`Loading ${label}`}>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
        <div className="skeleton-row" key={row}>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <span className="skeleton-cell" key={column} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function SkeletonBlock({ label, height = "6rem" }: { label: string; height?: string }) {
  return <div className="skeleton-block" role="status" aria-label={`Loading ${label}`} style={{ height }} />;
}
