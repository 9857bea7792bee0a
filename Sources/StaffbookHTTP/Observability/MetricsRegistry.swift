import Metrics
import Prometheus
import StaffbookCore

/// The process's Prometheus registry. swift-metrics can be bootstrapped once per process, so
/// every application built in this process (tests build many) shares it.
enum MetricsRegistry {
    static let shared: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()
}
