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
            <> · all {customerCount} customers</>
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
