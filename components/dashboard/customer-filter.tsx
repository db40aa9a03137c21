/**
 * A company login's choice of customer: a plain GET form (`?customer=`), so it works before any script loads.
 * The dashboard offers "All customers (n)" as well (`allCustomers`); the settings page does not, as keys and
 * integrations belong to one customer. `id` is the select's, unique on its page.
 */
export function CustomerFilter({
  id,
  customers,
  selected,
  action,
  allCustomers = false,
  submitLabel,
}: {
  id: string;
  customers: string[];
  selected: string | null;
  action: string;
  allCustomers?: boolean;
  submitLabel: string;
}) {
  return (
    <form className="customer-filter" method="get" action={action}>
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
