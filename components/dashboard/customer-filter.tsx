/** A company user's customer filter: a plain GET form, so it works before any script loads. */
export function CustomerFilter({ customers, selected, action }: { customers: string[]; selected: string | null; action: string }) {
  return (
    <form className="customer-filter" method="get" action={action}>
      <label htmlFor="customer-filter">Customer</label>
      <select id="customer-filter" name="customer" defaultValue={selected ?? ""}>
        <option value="">All customers ({customers.length})</option>
        {customers.map((customer) => (
          <option key={customer} value={customer}>
            {customer}
          </option>
        ))}
      </select>
      <button type="submit" className="button secondary">
        Apply
      </button>
    </form>
  );
}
