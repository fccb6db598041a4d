/** The technician's public reply under a review. */
export function TechnicianReply({ reply, name }: { reply: string; name?: string }) {
  return (
    <div className="rounded-md border-l-4 border-brand-600 bg-slate-50 px-3 py-2">
      <p className="text-sm font-medium text-slate-800">
        {name ? `Reply from ${name}` : 'Reply from the technician'}
      </p>
      <p className="whitespace-pre-line text-sm text-slate-700">{reply}</p>
    </div>
  );
}
