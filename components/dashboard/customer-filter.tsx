/**
 * A company login's choice of customer: a plain GET form (`?customer=`), so it works before any script loads.
 * The dashboard offers "All customers (n)" as well (`allCustomers`); the settings page does not, as keys and
 * integrations belong to one customer. `id` is the select's, unique on its page; `keep` are the page's other
 * filters (the dashboard's kind), sent again so choosing a customer keeps them.
 */
export function CustomerFilter({
  id,
  customers,
  selected,
  action,
  allCustomers = false,
  submitLabel,
  keep = {},
}: {
  id: string;
  customers: string[];
  selected: string | null;
  action: string;
  allCustomers?: boolean;
  submitLabel: string;
  keep?: Record<string, string | null>;
}) {
  return (
    <form className="customer-filter" method="get" action={action}>
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <label htmlFor={id}>Customer</label>
      <select id={id} name="customer" defaultValue={selected ?? ""}>
        {allCustomers ? <option value="">All customers ({customers.length})</option> : null}
        {customers.map((customer) => (
          <option key={customer} value={customer}>
            {customer}
          </option>
        ))}
      </select>
      <button type="submit" className="button secondary">
        {submitLabel}
      </button>
    </form>
  );
}
