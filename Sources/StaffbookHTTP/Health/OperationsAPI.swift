import Prometheus
import StaffbookPostgres

/// Health, readiness, metrics, the contract and its reference page.
struct OperationsAPI: Sendable {
    let database: DatabasePool
    let metrics: PrometheusCollectorRegistry
    let metricsAccess: MetricsAccess
}
