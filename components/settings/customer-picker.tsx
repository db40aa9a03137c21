/**
 * A company login's choice of the customer whose settings it manages: a plain GET form, so it works before
 * any script loads. Unlike the dashboard's filter there is no "all customers": keys and integrations belong to
 * one customer.
 */
export function CustomerPicker({ customers, selected, action }: { customers: string[]; selected: string; action: string }) {
  return (
    <form className="customer-filter" method="get" action={action}>
      <label htmlFor="settings-customer">Customer</label>
      <select id="settings-customer" name="customer" defaultValue={selected}>
        {customers.map((customer) => (
          <option key={customer} value={customer}>
            {customer}
          </option>
        ))}
      </select>
      <button type="submit" className="button secondary">
        Switch
      </button>
    </form>
  );
}
