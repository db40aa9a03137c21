/** A compound story as the engine split it: one story per action the user asks for, in order. */
export function SplitStories({ parts }: { parts: string[] }) {
  return (
    <>
      <h4>Split into {parts.length} stories</h4>
      <ol className="split-stories">
        {parts.map((part, index) => (
          <li key={index}>
            <blockquote className="rewrite">{part}</blockquote>
          </li>
        ))}
      </ol>
    </>
  );
}
