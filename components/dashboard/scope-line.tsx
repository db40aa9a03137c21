/** "both customers" reads better than "all 2 customers", and one customer is not "all". */
function customersSpanned(count: number): string {
  if (count === 1) return "its one customer";
  if (count === 2) return "both customers";
  return `all ${count} customers`;
}

/**
 * Under a dashboard page's title: whom the page is for and who is signed in. A company login sees its company
 * and the customer it narrowed to (or how many customers it spans); a customer login its customer.
 */
export function ScopeLine({ company, customer, customerCount, email }: { company: string | null; customer: string | null; customerCount: number; email: string }) {
  return (
    <p className="muted">
      {company ? (
        <>
          Company <strong>{company}</strong>
          {customer ? (
            <>
              {" "}
              · customer <strong>{customer}</strong>
            </>
          ) : (
            <> · {customersSpanned(customerCount)}</>
          )}
        </>
      ) : (
        <>
          Customer <strong>{customer}</strong>
        </>
      )}{" "}
      · signed in as {email}
    </p>
  );
}
