import { data } from "react-router";
import { ErrorPage } from "~/components/layout/ErrorPage";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found | CostumeCast" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
