// The configuration directives of the Apache HTTP Server (2.0 to 2.4, core, the MPMs and the modules it ships, with
// mod_jk's), from its directive index (https://httpd.apache.org/docs/2.4/mod/directives.html and the 2.0/2.2
// indexes for the ones since removed). A web server's reports give their steps as the configuration that sets the
// failure off; a line that starts with one of these names and gives it a value is that configuration, where a
// capitalised word and a value ("JEM (9/25/2001 ...)", "Total = 132") is not. Names that are also English words at
// a sentence's start ("Allow", "Order", "Include", "User") are in `COMMON_WORD_DIRECTIVES` and need the setting's
// shape besides (`configLine`).

const NAMES = `
AcceptFilter AcceptMutex AcceptPathInfo AccessFileName Action AddAlt AddAltByEncoding AddAltByType AddCharset
AddDefaultCharset AddDescription AddEncoding AddHandler AddIcon AddIconByEncoding AddIconByType AddInputFilter
AddLanguage AddModuleInfo AddOutputFilter AddOutputFilterByType AddType Alias AliasMatch Allow AllowCONNECT
AllowEncodedSlashes AllowMethods AllowOverride AllowOverrideList AsyncRequestWorkerFactor AuthBasicAuthoritative
AuthBasicFake AuthBasicProvider AuthBasicUseDigestAlgorithm AuthDBDUserPWQuery AuthDBDUserRealmQuery AuthDBMGroupFile
AuthDBMType AuthDBMUserFile AuthDefaultAuthoritative AuthDigestAlgorithm AuthDigestDomain AuthDigestNonceLifetime
AuthDigestProvider AuthDigestQop AuthDigestShmemSize AuthFormAuthoritative AuthFormLoginRequiredLocation
AuthFormLoginSuccessLocation AuthFormProvider AuthGroupFile AuthLDAPAuthorizePrefix AuthLDAPBindAuthoritative
AuthLDAPBindDN AuthLDAPBindPassword AuthLDAPCharsetConfig AuthLDAPCompareAsUser AuthLDAPCompareDNOnServer
AuthLDAPDereferenceAliases AuthLDAPGroupAttribute AuthLDAPGroupAttributeIsDN AuthLDAPInitialBindAsUser
AuthLDAPInitialBindPattern AuthLDAPMaxSubGroupDepth AuthLDAPRemoteUserAttribute AuthLDAPRemoteUserIsDN
AuthLDAPSearchAsUser AuthLDAPSubGroupAttribute AuthLDAPSubGroupClass AuthLDAPURL AuthMerging AuthName
AuthnCacheContext AuthnCacheEnable AuthnCacheProvideFor AuthnCacheSOCache AuthnCacheTimeout AuthnzFcgiCheckAuthnProvider
AuthnzFcgiDefineProvider AuthType AuthUserFile AuthzDBDLoginToReferer AuthzDBDQuery AuthzDBDRedirectQuery
AuthzDBMType AuthzDefaultAuthoritative AuthzGroupFileAuthoritative AuthzLDAPAuthoritative AuthzSendForbiddenOnFailure
BalancerGrowth BalancerInherit BalancerMember BalancerPersist BrowserMatch BrowserMatchNoCase BufferedLogs BufferSize
CacheDefaultExpire CacheDetailHeader CacheDirLength CacheDirLevels CacheDisable CacheEnable CacheFile CacheGcInterval
CacheHeader CacheIgnoreCacheControl CacheIgnoreHeaders CacheIgnoreNoLastMod CacheIgnoreQueryString
CacheIgnoreURLSessionIdentifiers CacheKeyBaseURL CacheLastModifiedFactor CacheLock CacheLockMaxAge CacheLockPath
CacheMaxExpire CacheMaxFileSize CacheMinExpire CacheMinFileSize CacheNegotiatedDocs CacheQuickHandler CacheReadSize
CacheReadTime CacheRoot CacheSize CacheSocache CacheStaleOnError CacheStoreExpired CacheStoreNoStore CacheStorePrivate
CGIDScriptTimeout CGIMapExtension CGIPassAuth CGIVar CharsetDefault CharsetOptions CharsetSourceEnc CheckCaseOnly
CheckSpelling ContentDigest CookieDomain CookieExpires CookieName CookieStyle CookieTracking CoreDumpDirectory
CustomLog Dav DavDepthInfinity DavGenericLockDB DavLockDB DavLockDiscovery DavMinTimeout DBDExptime DBDInitSQL DBDKeep
DBDMax DBDMin DBDParams DBDPersist DBDPrepareSQL DBDriver DefaultIcon DefaultLanguage DefaultRuntimeDir DefaultType
Define DeflateAlterETag DeflateBufferSize DeflateCompressionLevel DeflateFilterNote DeflateInflateLimitRequestBody
DeflateInflateRatioBurst DeflateInflateRatioLimit DeflateMemLevel DeflateWindowSize Deny Directory DirectoryCheckHandler
DirectoryIndex DirectoryIndexRedirect DirectoryMatch DirectorySlash DocumentRoot DTracePrivileges DumpIOInput
DumpIOOutput EnableExceptionHook EnableMMAP EnableSendfile Error ErrorDocument ErrorLog ErrorLogFormat ExpiresActive
ExpiresByType ExpiresDefault ExtendedStatus ExtFilterDefine ExtFilterOptions FallbackResource FileETag Files FilesMatch
FilterChain FilterDeclare FilterProtocol FilterProvider FilterTrace ForceLanguagePriority ForceType ForensicLog
GlobalLog GprofDir GracefulShutdownTimeout Group H2CopyFiles H2Direct H2MaxSessionStreams H2MaxWorkers H2MinWorkers
H2ModernTLSOnly H2Push H2PushPriority H2SerializeHeaders H2StreamMaxMemSize H2Upgrade H2WindowSize Header HeaderName
HeartbeatAddress HeartbeatListen HeartbeatMaxServers HeartbeatStorage HostnameLookups HttpProtocolOptions
IdentityCheck IdentityCheckTimeout If IfDefine IfModule IfVersion ImapBase ImapDefault ImapMenu Include
IncludeOptional IndexHeadInsert IndexIgnore IndexIgnoreReset IndexOptions IndexOrderDefault IndexStyleSheet
InputSed ISAPIAppendLogToErrors ISAPIAppendLogToQuery ISAPICacheFile ISAPIFakeAsync ISAPILogNotSupported
ISAPIReadAheadBuffer JkAutoAlias JkLogFile JkLogLevel JkMount JkMountFile JkOptions JkShmFile JkUnMount JkWorkersFile
KeepAlive KeepAliveTimeout KeptBodySize LanguagePriority LDAPCacheEntries LDAPCacheTTL LDAPConnectionPoolTTL
LDAPConnectionTimeout LDAPLibraryDebug LDAPOpCacheEntries LDAPOpCacheTTL LDAPReferralHopLimit LDAPReferrals
LDAPRetries LDAPRetryDelay LDAPSharedCacheFile LDAPSharedCacheSize LDAPTimeout LDAPTrustedCA LDAPTrustedCAType
LDAPTrustedClientCert LDAPTrustedGlobalCert LDAPTrustedMode LDAPVerifyServerCert Limit LimitExcept
LimitInternalRecursion LimitRequestBody LimitRequestFields LimitRequestFieldSize LimitRequestLine LimitXMLRequestBody
Listen ListenBackLog ListenCoresBucketsRatio LoadFile LoadModule Location LocationMatch LockFile LogFormat LogIOTrackTTFB
LogLevel LogMessage LuaHookFixups LuaHookTranslateName LuaMapHandler LuaPackagePath LuaScope Macro MaxClients
MaxConnectionsPerChild MaxKeepAliveRequests MaxMemFree MaxRangeOverlaps MaxRangeReversals MaxRanges MaxRequestsPerChild
MaxRequestWorkers MaxSpareServers MaxSpareThreads MaxThreads MCacheMaxObjectCount MCacheMaxObjectSize
MCacheMaxStreamingBuffer MCacheMinObjectSize MCacheRemovalAlgorithm MCacheSize MDCertificateAgreement MDomain
MemcacheConnTTL MergeTrailers MetaDir MetaFiles MetaSuffix MimeMagicFile MinSpareServers MinSpareThreads MMapFile
ModMimeUsePathInfo MultiviewsMatch Mutex NameVirtualHost NoProxy NWSSLTrustedCerts NWSSLUpgradeable Options Order
OutputSed PassEnv PidFile PrivilegesMode Protocol ProtocolEcho Protocols ProtocolsHonorOrder Proxy ProxyAddHeaders
ProxyBadHeader ProxyBlock ProxyDomain ProxyErrorOverride ProxyExpressDBMFile ProxyExpressDBMType ProxyExpressEnable
ProxyFCGIBackendType ProxyFCGISetEnvIf ProxyFtpDirCharset ProxyFtpEscapeWildcards ProxyFtpListOnWildcard
ProxyHCExpr ProxyHCTemplate ProxyHCTPsize ProxyHTMLBufSize ProxyHTMLCharsetOut ProxyHTMLDocType ProxyHTMLEnable
ProxyHTMLEvents ProxyHTMLExtended ProxyHTMLFixups ProxyHTMLInterp ProxyHTMLLinks ProxyHTMLMeta ProxyHTMLStripComments
ProxyHTMLURLMap ProxyIOBufferSize ProxyMatch ProxyMaxForwards ProxyPass ProxyPassInherit ProxyPassInterpolateEnv
ProxyPassMatch ProxyPassReverse ProxyPassReverseCookieDomain ProxyPassReverseCookiePath ProxyPreserveHost
ProxyReceiveBufferSize ProxyRemote ProxyRemoteMatch ProxyRequests ProxySCGIInternalRedirect ProxySCGISendfile ProxySet
ProxySourceAddress ProxyStatus ProxyTimeout ProxyVia QualifyRedirectURL ReadmeName ReceiveBufferSize Redirect
RedirectMatch RedirectPermanent RedirectTemp ReflectorHeader RemoteIPHeader RemoteIPInternalProxy
RemoteIPInternalProxyList RemoteIPProxiesHeader RemoteIPProxyProtocol RemoteIPTrustedProxy RemoteIPTrustedProxyList
RemoveCharset RemoveEncoding RemoveHandler RemoveInputFilter RemoveLanguage RemoveOutputFilter RemoveType RequestHeader
RequestReadTimeout Require RequireAll RequireAny RequireNone RewriteBase RewriteCond RewriteEngine RewriteLock
RewriteLog RewriteLogLevel RewriteMap RewriteOptions RewriteRule RLimitCPU RLimitMEM RLimitNPROC Satisfy ScoreBoardFile
Script ScriptAlias ScriptAliasMatch ScriptInterpreterSource ScriptLog ScriptLogBuffer ScriptLogLength ScriptSock
SecureListen SeeRequestTail SendBufferSize ServerAdmin ServerAlias ServerLimit ServerName ServerPath ServerRoot
ServerSignature ServerTokens Session SessionCookieName SessionCookieName2 SessionCookieRemove SessionCryptoCipher
SessionCryptoDriver SessionCryptoPassphrase SessionCryptoPassphraseFile SessionDBDCookieName SessionDBDDeleteLabel
SessionEnv SessionExclude SessionHeader SessionInclude SessionMaxAge SetEnv SetEnvIf SetEnvIfExpr SetEnvIfNoCase
SetHandler SetInputFilter SetOutputFilter SSIEndTag SSIErrorMsg SSIETag SSILastModified SSILegacyExprParser
SSIStartTag SSITimeFormat SSIUndefinedEcho SSLCACertificateFile SSLCACertificatePath SSLCADNRequestFile
SSLCADNRequestPath SSLCARevocationCheck SSLCARevocationFile SSLCARevocationPath SSLCertificateChainFile
SSLCertificateFile SSLCertificateKeyFile SSLCipherSuite SSLCompression SSLCryptoDevice SSLEngine SSLFIPS
SSLHonorCipherOrder SSLInsecureRenegotiation SSLMutex SSLOCSPDefaultResponder SSLOCSPEnable SSLOCSPNoverify
SSLOCSPOverrideResponder SSLOCSPProxyURL SSLOCSPResponderCertificateFile SSLOCSPResponderTimeout
SSLOCSPResponseMaxAge SSLOCSPResponseTimeSkew SSLOCSPUseRequestNonce SSLOpenSSLConfCmd SSLOptions
SSLPassPhraseDialog SSLProtocol SSLProxyCACertificateFile SSLProxyCACertificatePath SSLProxyCARevocationCheck
SSLProxyCARevocationFile SSLProxyCARevocationPath SSLProxyCheckPeerCN SSLProxyCheckPeerExpire SSLProxyCheckPeerName
SSLProxyCipherSuite SSLProxyEngine SSLProxyMachineCertificateChainFile SSLProxyMachineCertificateFile
SSLProxyMachineCertificatePath SSLProxyProtocol SSLProxyVerify SSLProxyVerifyDepth SSLRandomSeed SSLRenegBufferSize
SSLRequire SSLRequireSSL SSLSessionCache SSLSessionCacheTimeout SSLSessionTicketKeyFile SSLSessionTickets
SSLSRPUnknownUserSeed SSLSRPVerifierFile SSLStaplingCache SSLStaplingErrorCacheTimeout SSLStaplingFakeTryLater
SSLStaplingForceURL SSLStaplingResponderTimeout SSLStaplingResponseMaxAge SSLStaplingResponseTimeSkew
SSLStaplingReturnResponderErrors SSLStaplingStandardCacheTimeout SSLStrictSNIVHostCheck SSLUserName SSLUseStapling
SSLVerifyClient SSLVerifyDepth StartServers StartThreads Substitute SubstituteInheritBefore SubstituteMaxLineLength
Suexec SuexecUserGroup ThreadLimit ThreadsPerChild ThreadStackSize TimeOut Timeout TraceEnable TransferLog
TypesConfig UnDefine UndefMacro UnsetEnv Use UseCanonicalName UseCanonicalPhysicalPort User UserDir VHostCGIMode
VHostCGIPrivs VHostGroup VHostPrivs VHostSecure VHostUser VirtualDocumentRoot VirtualDocumentRootIP VirtualHost
VirtualScriptAlias VirtualScriptAliasIP Win32DisableAcceptEx XBitHack`.trim().split(/\s+/);

/**
 * The directives added in httpd 2.4's later releases, which the index above was read before (twelfth pass, httpd):
 * mod_md's (certificates from ACME, 2.4.30 on), mod_http2's later ones, mod_brotli's, mod_proxy_wstunnel's, mod_cgi's
 * and mod_socache_redis's, and the core's ("MergeSlashes", "StrictHostCheck", "ReadBufferSize"). Without them a
 * configuration of three mod_md lines read as one.
 */
const LATER = `
MDActivationDelay MDBaseServer MDCAChallenges MDCertificateAuthority MDCertificateCheck MDCertificateFile
MDCertificateKeyFile MDCertificateMonitor MDCertificateProtocol MDCertificateStatus MDChallengeDns01
MDChallengeDns01Version MDCheckInterval MDContactEmail MDDriveMode MDExternalAccountBinding MDHttpProxy MDInitialDelay
MDMatchNames MDMember MDMembers MDMessageCmd MDMustStaple MDNotifyCmd MDomainSet MDPortMap MDPrivateKeys MDRenewMode
MDRenewWindow MDRequireHttps MDRetryDelay MDRetryFailover MDServerStatus MDStapleOthers MDStapling
MDStaplingKeepResponse MDStaplingRenewWindow MDStoreDir MDStoreLocks MDWarnWindow
H2EarlyHint H2EarlyHints H2MaxDataFrameLen H2MaxWorkerIdleSeconds H2OutputBuffering H2Padding H2ProxyRequests
H2PushDiarySize H2PushResource H2StreamTimeout H2TLSCoolDownSecs H2TLSWarmUpSize H2WebSockets
BrotliAlterETag BrotliCompressionMaxInputBlock BrotliCompressionQuality BrotliCompressionWindow BrotliFilterNote
ProxyWebsocketAsync ProxyWebsocketAsyncDelay ProxyWebsocketFallbackToProxyHttp ProxyWebsocketIdleTimeout
CGIScriptTimeout RedisConnPoolTTL RedisTimeout DefaultStateDir FlushMaxPipelined FlushMaxThreshold MergeSlashes
ReadBufferSize RegexDefaultOptions StrictHostCheck`.trim().split(/\s+/);

/** Every directive name, as written in the documentation (the server reads them without case; reports write them so). */
export const SERVER_DIRECTIVES: ReadonlySet<string> = new Set([...NAMES, ...LATER]);

/** Directive names that are also words at the start of an English sentence. */
export const COMMON_WORD_DIRECTIVES: ReadonlySet<string> = new Set(`Action Alias Allow Dav Define Deny Directory Error
Files Group Header If Include Limit Listen Location Options Order Protocol Proxy Redirect Require Satisfy Script Session
Substitute Suexec Timeout TimeOut Use User`.split(/\s+/));

/** A directive named in its form, not a common word: strong enough alone that a line starting with it is configuration. */
export function distinctDirective(name: string): boolean {
  return SERVER_DIRECTIVES.has(name) && !COMMON_WORD_DIRECTIVES.has(name);
}

const BY_LOWER_CASE = new Map([...SERVER_DIRECTIVES].map((name) => [name.toLowerCase(), name]));

/**
 * A directive's name as the index writes it, whatever the case it is written in ("proxypass", "REWRITERULE"), or null:
 * the server reads directive names without regard to case, and a report typed in lower case (or shouted in upper case)
 * gives its configuration so (markup pass: the written httpd reports in lower case lost a fifth of their steps F1).
 */
export function directiveNamed(word: string): string | null {
  return SERVER_DIRECTIVES.has(word) ? word : BY_LOWER_CASE.get(word.toLowerCase()) ?? null;
}
