import Logging
import StaffbookCore
import StaffbookJobs
import StaffbookPostgres

extension AuthService {
    /// Sign-in and tokens on the application's database, as the composition root builds them.
    init(
        config: AuthConfig, signingKey: AuthConfig.SigningKey, database: DatabasePool, accounts: any AccountRepository,
        personalTokens: any PersonalAccessTokenRepository, clock: any AppClock, logger: Logger
    ) async throws {
        let sessions = PostgresSessionRepository(database: database, logger: logger)
        self.init(
            config: config,
            accounts: accounts,
            sessions: sessions,
            throttle: PostgresSignInThrottle(database: database, window: config.failureWindow, logger: logger),
            hasher: PasswordHasher(cost: config.bcryptCost),
            accessTokens: try await AccessTokenService(config: config),
            refreshDeriver: RefreshTokenDeriver(secret: signingKey.secret),
            google: GoogleIDTokenVerifier(
                config: config.google,
                keySet: GoogleKeySet(
                    source: URLJWKSSource(url: config.google.jwksURL, timeout: config.google.fetchTimeout),
                    clock: clock,
                    minimumRefetchInterval: config.google.minimumRefetchInterval
                )
            ),
            statusCache: SessionStatusCache(sessions: sessions, clock: clock, ttl: config.sessionStatusCacheTTL),
            personalTokens: personalTokens,
            secondFactors: PostgresSecondFactorRepository(database: database, logger: logger),
            seal: SecretSeal(secret: signingKey.secret, previousSecret: config.previousSigningKey?.secret, purpose: SecretSeal.secondFactor),
            clock: clock,
            logger: logger
        )
    }
}
