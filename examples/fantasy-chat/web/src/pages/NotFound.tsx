import { Link } from "wouter";
import { Icon } from "../ui/Icon";

/** The fallback screen for any path the router does not know. */
export default function NotFound() {
  return (
    <main className="screen-center">
      <section className="card card-narrow">
        <h1 className="title">
          <Icon name="alert" size={26} /> 404 Page Not Found
        </h1>
        <p className="muted">Did you forget to add the page to the router?</p>
        <Link href="/" className="btn btn-ghost">
          Back to Realmheart
        </Link>
      </section>
    </main>
  );
}
